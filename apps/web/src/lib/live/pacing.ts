import {
  ADAPTIVE_FPS_FLOOR,
  ADAPTIVE_FPS_RAISE_STEP,
  CAPABILITY_LOWER_THRESHOLD,
  CAPABILITY_RAISE_THRESHOLD,
  PROCESSING_TIMES_KEPT,
  STATS_REFRESH_MS,
  TARGET_FPS,
} from '@asl/protocol';

/** Frame capture pacing of SPEC section 4: adaptive FPS from the server's processing capability. */

export interface PerformanceStats {
  /** Frames actually captured and sent during the last second. */
  currentFPS: number;
  adaptiveFPS: number;
  droppedFrames: number;
  processingCapability: number;
  /** Mean of the last 30 processing times (ms). */
  avgProcessingTime: number;
  /** Frames the server answered with processed_frame. */
  processedFrames: number;
}

/** The next adaptive FPS for a capability: below 0.8 lowers (not below 10), above 0.95 raises by 2 (up to 30). */
export function nextAdaptiveFps(current: number, capability: number): number {
  if (capability < CAPABILITY_LOWER_THRESHOLD) {
    return Math.max(ADAPTIVE_FPS_FLOOR, Math.min(current - 1, Math.floor(current * capability)));
  }
  if (capability > CAPABILITY_RAISE_THRESHOLD) return Math.min(TARGET_FPS, current + ADAPTIVE_FPS_RAISE_STEP);
  return current;
}

export class AdaptivePacer {
  adaptiveFPS = TARGET_FPS;
  capability = 1;
  droppedFrames = 0;
  processedFrames = 0;
  private lastFrameAt = -Infinity;
  private sentTimes: number[] = [];
  private processingTimes: number[] = [];
  private lastAdjustAt = -Infinity;

  get interval(): number {
    return 1000 / this.adaptiveFPS;
  }

  /** Milliseconds until the next capture is due. */
  dueIn(now: number): number {
    return Math.max(0, this.lastFrameAt + this.interval - now);
  }

  /** A capture attempt: false (counted as dropped) when sooner than the adaptive interval. */
  tryCapture(now: number): boolean {
    // 1 ms of tolerance for timer granularity.
    if (now - this.lastFrameAt < this.interval - 1) {
      this.droppedFrames++;
      return false;
    }
    this.lastFrameAt = now;
    return true;
  }

  /** A captured frame that could not be sent (throttled, busy encoder, closed socket). */
  drop(): void {
    this.droppedFrames++;
  }

  markSent(now: number): void {
    this.sentTimes.push(now);
    this.trim(now);
  }

  /**
   * The server answered a frame: its processing time and capability. The FPS adapts at most
   * once per stats interval, so one slow frame does not collapse the rate.
   */
  recordProcessed(processingMs: number | undefined, capability: number | undefined, now: number): void {
    this.processedFrames++;
    if (typeof processingMs === 'number' && Number.isFinite(processingMs)) {
      this.processingTimes.push(processingMs);
      if (this.processingTimes.length > PROCESSING_TIMES_KEPT) this.processingTimes.shift();
    }
    if (typeof capability === 'number' && Number.isFinite(capability)) {
      this.capability = Math.min(1, Math.max(0, capability));
    }
    if (now - this.lastAdjustAt >= STATS_REFRESH_MS) {
      this.lastAdjustAt = now;
      this.adaptiveFPS = nextAdaptiveFps(this.adaptiveFPS, this.capability);
    }
  }

  private trim(now: number): void {
    while (this.sentTimes.length && (this.sentTimes[0] as number) <= now - 1000) this.sentTimes.shift();
  }

  stats(now: number): PerformanceStats {
    this.trim(now);
    const n = this.processingTimes.length;
    return {
      currentFPS: this.sentTimes.length,
      adaptiveFPS: this.adaptiveFPS,
      droppedFrames: this.droppedFrames,
      processingCapability: this.capability,
      avgProcessingTime: n ? this.processingTimes.reduce((a, b) => a + b, 0) / n : 0,
      processedFrames: this.processedFrames,
    };
  }

  reset(): void {
    this.adaptiveFPS = TARGET_FPS;
    this.capability = 1;
    this.droppedFrames = 0;
    this.processedFrames = 0;
    this.lastFrameAt = -Infinity;
    this.sentTimes = [];
    this.processingTimes = [];
    this.lastAdjustAt = -Infinity;
  }
}
