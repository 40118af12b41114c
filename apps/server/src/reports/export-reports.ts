/**
 * "This feedback is wrong" reports as landmark sequences, for checking a model against what
 * learners said it misread (`npm run reports:export`, then `npm run eval:reports`): one JSON object
 * a line in the format `npm run recognize -- --landmarks` reads, with the report's own fields.
 */
import { createHmac } from 'node:crypto';
import { feedbackReportRequestSchema } from '@asl/protocol';
import { and, asc, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedbackReports } from '../db/schema';

export interface ReportLine {
  id: string;
  /** the movement's frame rate (the median gap between its frames), or 15 for one hand */
  fps: number;
  /** a square frame: the landmarks are in the live frame's pixels, x and y in one unit */
  width: number;
  height: number;
  /** the movement before the reading when the report has it (null: no hand on that frame), else the one hand */
  frames: (number[][] | null)[];
  /** the letter the learner was asked for (and says they signed) */
  target: string;
  /** what the recogniser read then, and how sure it was */
  detected: string | null;
  confidence: number | null;
  created_at: string;
  /**
   * Who reported it, as a pseudonym ("learner 3f9a2c1b07", learnerPseudonym), never the account:
   * the same in every export made with the same server secret, so a learner's reports, however
   * many exports they came in, can be kept on one side of a train/test split.
   */
  learner: string;
  note?: string;
}

/** The smallest square frame written: the live frame's width (320 px). */
export const MIN_FRAME = 320;

interface ReportRow {
  id: string;
  userId: string;
  target: string;
  detected: string | null;
  confidence: number | null;
  landmarks: unknown;
  frames: unknown;
  note: string | null;
  createdAt: Date;
}

// Stored rows were checked by the request's schema on the way in; read back through the same
// schema, a row changed by hand since is left out rather than trusted.
const handSchema = feedbackReportRequestSchema.shape.landmarks;
const movementSchema = feedbackReportRequestSchema.shape.frames;

/** The stored movement's frames and times, or null when it has fewer than two frames or a bad one. */
function movementOf(frames: unknown): { t: number; landmarks: number[][] | null }[] | null {
  const parsed = movementSchema.safeParse(frames);
  return parsed.success && parsed.data && parsed.data.length >= 2 ? parsed.data : null;
}

/** Frames a second from the median gap between frames' times. */
function frameRate(times: readonly number[]): number {
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1]!;
  return median > 0 ? Math.round((1000 / median) * 10) / 10 : 15;
}

/**
 * One report as a line; null when it has no usable hand (stored without landmarks, or not 21
 * points of three numbers). The movement before the reading is the sequence when the report has
 * it, otherwise the one hand. Landmarks are divided by a square frame at least MIN_FRAME wide that
 * holds them all, so `x * width` and `y * height` give the pixels back and their aspect is kept:
 * the recogniser reads a hand the same in any frame size as long as x and y share a unit.
 */
export function reportLine(row: ReportRow, learner: string): ReportLine | null {
  const hand = handSchema.safeParse(row.landmarks);
  if (!hand.success || !hand.data) return null;
  const lm: number[][] = hand.data;
  const movement = movementOf(row.frames);
  const hands = movement ? movement.flatMap((f) => (f.landmarks ? [f.landmarks] : [])) : [lm];
  const reach = Math.max(...hands.flatMap((h) => h.flatMap((p) => [Math.abs(p[0]!), Math.abs(p[1]!)])));
  const size = Math.max(MIN_FRAME, Math.ceil(reach));
  const scaled = (h: number[][]) => h.map((p) => p.map((v) => v / size));
  return {
    id: row.id,
    fps: movement ? frameRate(movement.map((f) => f.t)) : 15,
    width: size,
    height: size,
    frames: movement ? movement.map((f) => (f.landmarks ? scaled(f.landmarks) : null)) : [scaled(lm)],
    target: row.target,
    detected: row.detected,
    confidence: row.confidence,
    created_at: row.createdAt.toISOString(),
    learner,
    ...(row.note ? { note: row.note } : {}),
  };
}

/**
 * A learner's name in exports: a keyed hash of the account id (HMAC-SHA256 with the server's
 * secret, 40 bits shown). Stable across exports while the secret stays; without the secret it
 * cannot be turned back into the account or linked to one.
 */
export function learnerPseudonym(secret: string, userId: string): string {
  return `learner ${createHmac('sha256', secret).update(`report-learner:${userId}`).digest('hex').slice(0, 10)}`;
}

/**
 * Every report with landmarks made at or after `since` (all when null), oldest first; `secret`
 * keys the learners' pseudonyms (the server's JWT secret: DATA_DIR/secrets.json or JWT_SECRET).
 */
export async function exportReports(
  db: Db,
  since: Date | null,
  secret: string,
): Promise<{ lines: ReportLine[]; skipped: number }> {
  const rows = await db
    .select({
      id: feedbackReports.id,
      userId: feedbackReports.userId,
      target: feedbackReports.target,
      detected: feedbackReports.detected,
      confidence: feedbackReports.confidence,
      landmarks: feedbackReports.landmarks,
      frames: feedbackReports.frames,
      note: feedbackReports.note,
      createdAt: feedbackReports.createdAt,
    })
    .from(feedbackReports)
    .where(and(isNotNull(feedbackReports.landmarks), since ? gte(feedbackReports.createdAt, since) : undefined))
    .orderBy(asc(feedbackReports.createdAt), asc(feedbackReports.id));
  const lines: ReportLine[] = [];
  for (const r of rows) {
    const line = reportLine(r, learnerPseudonym(secret, r.userId));
    if (line) lines.push(line);
  }
  return { lines, skipped: rows.length - lines.length };
}
