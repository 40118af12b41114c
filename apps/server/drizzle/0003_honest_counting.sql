ALTER TABLE "practice_sessions" ADD COLUMN "counting" text DEFAULT 'letters' NOT NULL;--> statement-breakpoint
-- Sessions saved before this migration counted attempts on a timer (a letter still held after it was
-- accepted could be counted again, as a wrong attempt at the next letter): they keep their rows and
-- figures, marked 'attempts', and are left out of letter accuracy and weakest letters.
UPDATE "practice_sessions" SET "counting" = 'attempts';--> statement-breakpoint
-- "Complete Story" with letters left was saved as completed: it ended early.
UPDATE "practice_sessions" SET "status" = 'ended_early'
  WHERE "status" = 'completed'
    AND "letters_done" < (SELECT "letter_count" FROM "stories" WHERE "stories"."id" = "practice_sessions"."story_id");
