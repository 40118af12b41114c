/**
 * Why a frame got no result, by whose fault. The live socket answers both with a coded error,
 * but only a FrameRejected counts toward closing the learner's socket for bad messages.
 */
import type { ErrorCode } from '@asl/protocol';

/** The learner's bytes: not a decodable JPEG, or a size the server refuses. */
export class FrameRejected extends Error {
  constructor(
    readonly code: 'FRAME_NOT_JPEG' | 'FRAME_BAD_DIMENSIONS',
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'FrameRejected';
  }
}

/** Nobody's fault: the frame's socket closed while it waited, and a worker skipped it. */
export class FrameCancelled extends Error {
  constructor() {
    super('frame cancelled: its socket closed while it waited');
    this.name = 'FrameCancelled';
  }
}

/** The server's fault: a recognition worker overran its deadline or crashed. */
export class RecognitionFailure extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'RECOGNITION_TIMEOUT' | 'RECOGNITION_FAILED'>,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'RecognitionFailure';
  }
}
