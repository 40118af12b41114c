import { z } from 'zod';
import { DRILL_MAX_LETTERS } from './constants';

/** Stories, practice sessions and progress: REST payloads and the practice live messages. */

export const STORY_LEVELS = [1, 2, 3, 4] as const;
export const LEVEL_NAMES: Record<number, string> = {
  1: 'First letters',
  2: 'Short words',
  3: 'Longer words',
  4: 'Words and numbers',
};

export const storySentenceSchema = z.object({
  text: z.string(),
  targets: z.array(z.string().regex(/^([A-Z]+|[0-9]+)$/)),
});
export type StorySentence = z.infer<typeof storySentenceSchema>;

export const storySchema = z.object({
  id: z.string(),
  level: z.number().int().min(1).max(4),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  sentences: z.array(storySentenceSchema).min(1),
});
export type Story = z.infer<typeof storySchema>;

export const storySummarySchema = storySchema.omit({ sentences: true }).extend({
  sentence_count: z.number(),
  letter_count: z.number(),
  /** the signed-in learner's stand with the story (absent: never practised) */
  learner: z
    .object({
      /** finished before (every letter signed) */
      completed: z.boolean(),
      /** the letters done of the session open now, which Start goes on with (null: none open) */
      letters_done: z.number().int().nullable(),
    })
    .optional(),
});
export type StorySummary = z.infer<typeof storySummarySchema>;

export const storiesQuerySchema = z.object({
  level: z.coerce.number().int().min(1).max(4).optional(),
  tag: z.string().trim().toLowerCase().max(40).optional(),
});
export type StoriesQuery = z.output<typeof storiesQuerySchema>;
export const storiesResponseSchema = z.object({ stories: z.array(storySummarySchema) });

/** Whether `tz` is a time zone this runtime knows (an IANA name such as Europe/Berlin). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** GET /progress: `tz` is the learner's time zone, whose days the streak counts (UTC without it). */
export const progressQuerySchema = z.object({
  tz: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone.' }).optional(),
});
export type ProgressQuery = z.output<typeof progressQuerySchema>;
export const storyResponseSchema = z.object({ story: storySchema });

/** Where the learner is: sentence, target word, letter within it. */
export const practiceTargetSchema = z.object({
  sentence_index: z.number().int(),
  word_index: z.number().int(),
  letter_index: z.number().int(),
  word: z.string(),
  letter: z.string(),
  kind: z.enum(['letter', 'digit']),
});
export type PracticeTarget = z.infer<typeof practiceTargetSchema>;

export const practiceStateSchema = z.object({
  session_id: z.string(),
  story_id: z.string(),
  /** completed: every letter signed; ended_early: "Complete Story" with letters left */
  status: z.enum(['active', 'completed', 'ended_early', 'stopped', 'restarted']),
  sentence_index: z.number().int(),
  target: practiceTargetSchema.nullable(),
  letters_done: z.number().int(),
  letters_total: z.number().int(),
  /**
   * The session's practice time so far (ms, practiceTime's rule), as last saved: practice that
   * continues on the device adds its own to it, so a story finished offline shows the whole time.
   */
  active_ms: z.number().int().nonnegative().optional(),
});
export type PracticeState = z.infer<typeof practiceStateSchema>;

export const practiceSessionResponseDataSchema = practiceStateSchema.extend({
  story: storySchema,
  resumed: z.boolean(),
  /** said beside the story as it starts: a topic's words the made story left out */
  note: z.string().optional(),
  /**
   * A resumed session's counted attempts so far, in order: a page reloaded mid-story knows them
   * (practice continued on the device scores the whole story from them).
   */
  attempts: z
    .array(
      z.object({
        sentence_index: z.number().int(),
        word_index: z.number().int(),
        letter_index: z.number().int(),
        target: z.string(),
        correct: z.boolean(),
        withdrawn: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type PracticeSessionResponseData = z.infer<typeof practiceSessionResponseDataSchema>;

export const controlResponseDataSchema = z.object({
  action: z.string(),
  success: z.boolean(),
  state: practiceStateSchema.nullable(),
});
export type ControlResponseData = z.infer<typeof controlResponseDataSchema>;
/**
 * The action of a control_response the server sends unasked: the session this socket practised
 * was ended elsewhere (stopped, restarted or finished in another tab, or by the device's upload).
 */
export const SESSION_ENDED_ACTION = 'session_ended';

export const sessionCompleteDataSchema = z.object({
  session_id: z.string(),
  story_id: z.string(),
  /** letters right at the first try / letters attempted, in percent */
  overall_score: z.number().min(0).max(100),
  /** every letter of the story was signed (otherwise the learner ended early) */
  completed: z.boolean(),
  letters_total: z.number().int(),
  /** letters of the story with at least one counted attempt */
  letters_attempted: z.number().int(),
  /** letters accepted */
  letters_signed: z.number().int(),
  /** letters accepted at their first counted attempt */
  letters_first_try: z.number().int(),
  wrong_attempts: z.number().int(),
  /** per letter: letters right at the first try / letters attempted (0..1) */
  accuracy_by_letter: z.record(z.string(), z.number()),
  duration_ms: z.number(),
  completion_message: z.string(),
  final_suggestions: z.array(z.string()),
  /** the letters the suggestions name, in their order (at most DRILL_MAX_LETTERS): what the result's drill practises */
  practise_letters: z.array(z.string()),
});
export type SessionCompleteData = z.infer<typeof sessionCompleteDataSchema>;

export const startSessionDataSchema = z
  .object({
    story_id: z.string().max(80).optional(),
    topic: z.string().trim().max(40).optional(),
    session_id: z.string().uuid().optional(),
    /** a short drill of these letters at this level (what a story's result says to practise) */
    drill: z
      .object({
        letters: z
          .array(z.string().regex(/^[A-Z0-9]$/))
          .min(1)
          .max(DRILL_MAX_LETTERS),
        level: z.number().int().min(1).max(4),
      })
      .optional(),
    /** continue at this letter (after practice offline, where the learner got to) */
    position: z
      .object({
        sentence_index: z.number().int().min(0),
        word_index: z.number().int().min(0),
        letter_index: z.number().int().min(0),
      })
      .optional(),
    /**
     * With a position: the handshapes the device counted last, perhaps still held as the connection
     * returns; they count nothing here until the hand changes (as online, and as the device does).
     */
    spent: z
      .array(z.string().regex(/^[A-Z0-9]$/))
      .max(2)
      .optional(),
  })
  .refine((d) => d.story_id || d.topic || d.session_id || d.drill, {
    message: 'Give a story_id, a topic, a session_id or a drill.',
  });

export const progressResponseSchema = z.object({
  totals: z.object({
    /** sessions with at least one attempt */
    sessions: z.number(),
    /** sessions whose every letter was signed */
    completed_sessions: z.number(),
    practice_time_ms: z.number(),
    /** letters tried (each letter of each session once), counted as letters since migration 0003 */
    letters_attempted: z.number(),
    letters_first_try: z.number(),
    /** letters_first_try / letters_attempted (0..1) */
    accuracy: z.number(),
  }),
  streak_days: z.number(),
  /** per letter: letters right at the first try / letters attempted */
  accuracy_by_letter: z.array(
    z.object({ letter: z.string(), attempted: z.number(), first_try: z.number(), accuracy: z.number() }),
  ),
  recent_sessions: z.array(
    z.object({
      session_id: z.string(),
      story_id: z.string(),
      story_title: z.string(),
      status: z.string(),
      started_at: z.string(),
      duration_ms: z.number(),
      overall_score: z.number().nullable(),
      /** counted attempts */
      attempts: z.number(),
      letters_done: z.number(),
      letters_total: z.number(),
      /** attempts: saved before migration 0003, its score counted raw attempts (see the README) */
      counting: z.enum(['letters', 'attempts']),
    }),
  ),
  weakest_letters: z.array(z.string()),
  /** what the dashboard's practise button opens: a drill of the weakest letters, or else the next story */
  suggested_story_id: z.string().nullable(),
  /** a library story (never a drill) at the learner's level, favouring their weakest letters: a result's "Practise the next story" */
  next_story_id: z.string().nullable(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/** A report's movement: the hands of the last this many ms before the reading (J and Z are drawn). */
export const REPORT_MOVEMENT_MS = 2500;
/** At most this many frames of movement in a report (2.5 s at the live view's 30 fps). */
export const REPORT_MAX_FRAMES = 75;

const handPointsSchema = z.array(z.tuple([z.number(), z.number(), z.number()])).length(21);

export const feedbackReportRequestSchema = z.object({
  client_id: z.string().uuid().optional(),
  session_id: z.string().uuid().optional(),
  target: z.string().max(8),
  detected: z.string().max(8).nullable(),
  confidence: z.number().min(0).max(1).optional(),
  /** the hand the reading was made from, in the live frame's pixels */
  landmarks: handPointsSchema.nullable().optional(),
  /**
   * The movement before the reading, oldest first: each frame's time (ms after the first) and its
   * hand, null when none was seen. Joint positions only, never a picture.
   */
  frames: z
    .array(z.object({ t: z.number().min(0).max(REPORT_MOVEMENT_MS), landmarks: handPointsSchema.nullable() }))
    .max(REPORT_MAX_FRAMES)
    .optional(),
  note: z.string().trim().max(500).optional(),
  /**
   * The counted attempt the reading was (asl_feedback's attempt_id): a wrong one is withdrawn, so
   * a misreading the learner reports does not count against them (the report keeps it for review).
   */
  attempt_id: z.uuid().optional(),
});
export type FeedbackReportRequest = z.infer<typeof feedbackReportRequestSchema>;

/** POST /feedback-reports answer: 201 when stored, 200 with `duplicate` for a replayed client_id. */
export const feedbackReportResponseSchema = z.object({
  id: z.string().nullable(),
  duplicate: z.boolean(),
  /** the reported attempt was a wrong one of this learner's and no longer counts (absent from older servers) */
  withdrawn: z.boolean().optional(),
});
export type FeedbackReportResponse = z.infer<typeof feedbackReportResponseSchema>;
