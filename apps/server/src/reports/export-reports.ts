/**
 * "This feedback is wrong" reports as landmark sequences, for checking a model against what
 * learners said it misread (`npm run reports:export`, then `npm run eval:reports`): one JSON object
 * a line in the format `npm run recognize -- --landmarks` reads, with the report's own fields.
 */
import { and, asc, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedbackReports } from '../db/schema';

export interface ReportLine {
  id: string;
  /** one frame: the hand the reading was made from */
  fps: number;
  /** a square frame: the landmarks are in the live frame's pixels, x and y in one unit */
  width: number;
  height: number;
  frames: number[][][];
  /** the letter the learner was asked for (and says they signed) */
  target: string;
  /** what the recogniser read then, and how sure it was */
  detected: string | null;
  confidence: number | null;
  created_at: string;
  note?: string;
}

/** The smallest square frame written: the live frame's width (320 px). */
export const MIN_FRAME = 320;

interface ReportRow {
  id: string;
  target: string;
  detected: string | null;
  confidence: number | null;
  landmarks: unknown;
  note: string | null;
  createdAt: Date;
}

const isPoint = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length === 3 && p.every((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * One report as a line; null when it has no usable hand (stored without landmarks, or not 21
 * points of three numbers). Landmarks are divided by a square frame at least MIN_FRAME wide that
 * holds them all, so `x * width` and `y * height` give the pixels back and their aspect is kept:
 * the recogniser reads a hand the same in any frame size as long as x and y share a unit.
 */
export function reportLine(row: ReportRow): ReportLine | null {
  const lm = row.landmarks;
  if (!Array.isArray(lm) || lm.length !== 21 || !lm.every(isPoint)) return null;
  const reach = Math.max(...lm.flatMap((p) => [Math.abs(p[0]!), Math.abs(p[1]!)]));
  const size = Math.max(MIN_FRAME, Math.ceil(reach));
  return {
    id: row.id,
    fps: 15,
    width: size,
    height: size,
    frames: [lm.map((p) => p.map((v) => v / size))],
    target: row.target,
    detected: row.detected,
    confidence: row.confidence,
    created_at: row.createdAt.toISOString(),
    ...(row.note ? { note: row.note } : {}),
  };
}

/** Every report with landmarks made at or after `since` (all when null), oldest first. */
export async function exportReports(db: Db, since: Date | null): Promise<{ lines: ReportLine[]; skipped: number }> {
  const rows = await db
    .select({
      id: feedbackReports.id,
      target: feedbackReports.target,
      detected: feedbackReports.detected,
      confidence: feedbackReports.confidence,
      landmarks: feedbackReports.landmarks,
      note: feedbackReports.note,
      createdAt: feedbackReports.createdAt,
    })
    .from(feedbackReports)
    .where(and(isNotNull(feedbackReports.landmarks), since ? gte(feedbackReports.createdAt, since) : undefined))
    .orderBy(asc(feedbackReports.createdAt), asc(feedbackReports.id));
  const lines: ReportLine[] = [];
  for (const r of rows) {
    const line = reportLine(r);
    if (line) lines.push(line);
  }
  return { lines, skipped: rows.length - lines.length };
}
