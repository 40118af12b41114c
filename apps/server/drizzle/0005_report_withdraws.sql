ALTER TABLE "feedback_reports" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "practice_attempts" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;