import { z } from 'zod';

/**
 * Live protocol on /ws/video (SPEC.md section 7, ARCHITECTURE.md "Live protocol").
 * Client -> server: raw_frame, control, ping. Server -> client: the rest.
 */

export const CONTROL_ACTIONS = [
  'start_session',
  'next_sentence',
  'try_again',
  'restart_story',
  'complete_story',
  'stop_session',
  /**
   * Puts the story aside: this socket stops practising it, and the session stays open, so starting
   * the story again goes on where it was (as after leaving the page). `stop_session` ends it.
   */
  'leave_session',
] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

export const frameMetadataSchema = z.object({
  frame_number: z.number().int().nonnegative(),
  width: z.number().int().positive().max(4096),
  height: z.number().int().positive().max(4096),
  quality: z.number().min(0).max(1).optional(),
  adaptive_fps: z.number().min(0).max(120).optional(),
  processing_capability: z.number().min(0).max(1).optional(),
  timestamp: z.string().optional(),
});

export const rawFrameMessageSchema = z.object({
  type: z.literal('raw_frame'),
  frame_data: z.string(),
  metadata: frameMetadataSchema,
});
export type RawFrameMessage = z.infer<typeof rawFrameMessageSchema>;

export const controlMessageSchema = z.object({
  type: z.literal('control'),
  action: z.enum(CONTROL_ACTIONS),
  data: z.record(z.string(), z.unknown()).optional().default({}),
  timestamp: z.string().optional(),
});
export type ControlMessage = z.input<typeof controlMessageSchema>;

export const pingMessageSchema = z.object({
  type: z.literal('ping'),
  /** echoed in the pong: a time, so short (a long one made every pong an upload back to the client) */
  timestamp: z.union([z.string().max(64), z.number()]).optional(),
});

export const clientMessageSchema = z.discriminatedUnion('type', [
  rawFrameMessageSchema,
  controlMessageSchema,
  pingMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export const CLIENT_MESSAGE_TYPES = ['raw_frame', 'control', 'ping'] as const;

export const serverMetadataSchema = z.object({
  processing_time_ms: z.number().optional(),
  processing_capability: z.number().optional(),
  frame_number: z.number().optional(),
  adaptive_fps: z.number().optional(),
  timestamp: z.string(),
  requires_reconnection: z.boolean().optional(),
});
export type ServerMetadata = z.infer<typeof serverMetadataSchema>;

export const SERVER_MESSAGE_TYPES = [
  'processed_frame',
  'asl_feedback',
  'control_response',
  'practice_session_response',
  'session_complete',
  'pong',
  'keepalive',
  'connection_established',
  'error',
  'critical_error',
] as const;
export type ServerMessageType = (typeof SERVER_MESSAGE_TYPES)[number];

export const landmarkSchema = z.tuple([z.number(), z.number(), z.number()]);
export const detectedHandSchema = z.object({
  landmarks: z.array(landmarkSchema).length(21),
  handedness: z.enum(['left', 'right']),
  score: z.number(),
});
export type DetectedHand = z.infer<typeof detectedHandSchema>;

export const processedFrameDataSchema = z.object({
  hands: z.array(detectedHandSchema),
  width: z.number(),
  height: z.number(),
  /**
   * The frame's own reading. `sure`: the recogniser's calibrated confidence reaches the threshold
   * chosen on validation data (absent from older servers: read as sure).
   */
  prediction: z
    .object({ label: z.string().nullable(), confidence: z.number(), sure: z.boolean().optional() })
    .nullable()
    .optional(),
});

export const aslFeedbackDataSchema = z.object({
  /** The practice position after this attempt (see practice.ts). */
  state: z.unknown().optional(),
  target: z.string(),
  detected: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  correct: z.boolean(),
  hint: z.string(),
  held_ms: z.number().nonnegative(),
  /**
   * attempt: a counted attempt; motion_pending: J or Z's handshape held, the letter still to be
   * drawn; adjust: the recogniser is not sure of the hand. Hints are never counted.
   */
  kind: z.enum(['attempt', 'motion_pending', 'adjust']).default('attempt'),
  counted: z.boolean().default(true),
  /**
   * The counted attempt's id (live: its row; on the device: its client_id): a report of a wrong
   * reading names it, and the attempt no longer counts against the learner.
   */
  attempt_id: z.uuid().optional(),
});
export type AslFeedbackData = z.infer<typeof aslFeedbackDataSchema>;

/** A report of this reading withdraws it: a counted wrong attempt, named by its id. */
export const reportWithdraws = (fb: Pick<AslFeedbackData, 'attempt_id' | 'kind' | 'counted' | 'correct'>): boolean =>
  !!fb.attempt_id && fb.kind === 'attempt' && fb.counted && !fb.correct;

export const connectionEstablishedDataSchema = z.object({
  server_version: z.string(),
  user_id: z.string(),
  limits: z.object({
    max_frame_bytes: z.number(),
    target_fps: z.number(),
    max_messages_per_second: z.number(),
  }),
});

export const errorDataSchema = z.object({ code: z.string() });

const envelope = {
  message: z.string().optional(),
  message_id: z.string(),
  session_id: z.string().nullable().optional(),
  metadata: serverMetadataSchema,
};

export const serverMessageSchema = z.object({
  type: z.enum(SERVER_MESSAGE_TYPES),
  data: z.unknown().optional(),
  ...envelope,
});
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const processedFrameMessageSchema = serverMessageSchema.extend({
  type: z.literal('processed_frame'),
  data: processedFrameDataSchema,
});
export const aslFeedbackMessageSchema = serverMessageSchema.extend({
  type: z.literal('asl_feedback'),
  data: aslFeedbackDataSchema,
});
export const connectionEstablishedMessageSchema = serverMessageSchema.extend({
  type: z.literal('connection_established'),
  data: connectionEstablishedDataSchema,
});
export const errorMessageSchema = serverMessageSchema.extend({
  type: z.enum(['error', 'critical_error']),
  message: z.string(),
  data: errorDataSchema,
});

/** A live message as the client keeps it (SPEC section 3). */
export type ReceivedLiveMessage = ServerMessage & { receivedAt: number };

/** Close codes the server uses. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
  serviceRestart: 1012,
  /** Too many live sockets from this client address: try again later (the client retries, as for a drop). */
  tryAgainLater: 1013,
  /** The sign-in session was revoked (logout, password reset or change, refresh-token reuse): sign in again, do not reconnect. */
  sessionRevoked: 4001,
  /** The learner opened more live sockets than allowed; this, the oldest, was closed: do not reconnect. */
  tooManySockets: 4002,
} as const;
