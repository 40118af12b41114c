import {
  CAPABILITY_LOWER_THRESHOLD,
  CAPTURED_FRAME,
  jpegQuality,
  STATS_REFRESH_MS,
  type RawFrameMessage,
  type ReceivedLiveMessage,
} from '@asl/protocol';
import type { FrameEncoder } from './encoder';
import { AdaptivePacer, type PerformanceStats } from './pacing';

/** The part of LiveSocket the streamer needs. */
export interface FrameSink {
  readonly isOpen: boolean;
  send(message: unknown, opts?: { throttle?: boolean }): boolean;
  onMessage(fn: (msg: ReceivedLiveMessage) => void): () => void;
}

export interface FrameStreamerOptions {
  socket: FrameSink;
  encoder: FrameEncoder;
  now?: () => number;
}

type Listener = () => void;

/**
 * Captures the video at the adaptive rate, encodes 320x240 JPEGs and sends them as raw_frame,
 * while the socket is open. Reads processed_frame answers to adapt the rate; stats every second.
 */
export class FrameStreamer {
  private readonly pacer = new AdaptivePacer();
  private readonly opts: FrameStreamerOptions;
  private readonly now: () => number;
  private video: HTMLVideoElement | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private encoding = false;
  private frameNumber = 0;
  private stats: PerformanceStats;
  private listeners = new Set<Listener>();

  constructor(opts: FrameStreamerOptions) {
    this.opts = opts;
    this.now = opts.now ?? (() => performance.now());
    this.stats = this.pacer.stats(this.now());
  }

  getStats = (): PerformanceStats => this.stats;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  get running(): boolean {
    return this.video !== null;
  }

  start(video: HTMLVideoElement): void {
    if (this.video === video) return;
    this.stop();
    this.video = video;
    this.unsubscribe = this.opts.socket.onMessage((msg) => {
      if (msg.type !== 'processed_frame') return;
      this.pacer.recordProcessed(msg.metadata?.processing_time_ms, msg.metadata?.processing_capability, this.now());
    });
    this.statsTimer = setInterval(() => this.refresh(), STATS_REFRESH_MS);
    this.schedule(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.timer = null;
    this.statsTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.video = null;
    this.refresh();
  }

  /** Stops and releases the encoder (the streamer owns it). */
  dispose(): void {
    this.stop();
    this.listeners.clear();
    this.opts.encoder.dispose();
  }

  private refresh(): void {
    this.stats = this.pacer.stats(this.now());
    for (const fn of this.listeners) fn();
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => this.tick(), delay);
  }

  private tick(): void {
    this.timer = null;
    const video = this.video;
    if (!video) return;
    const now = this.now();
    const { socket } = this.opts;
    // No streaming while disconnected, and nothing to capture before the video has a picture.
    if (socket.isOpen && video.readyState >= 2 && video.videoWidth > 0) {
      if (this.encoding) this.pacer.drop();
      else if (this.pacer.tryCapture(now)) void this.captureAndSend(video);
    }
    this.schedule(Math.max(4, this.pacer.dueIn(this.now())));
  }

  private async captureAndSend(video: HTMLVideoElement): Promise<void> {
    this.encoding = true;
    const capability = this.pacer.capability;
    const quality = jpegQuality(capability);
    try {
      const dataUrl = await this.opts.encoder.encode(video, quality);
      if (this.video !== video) return;
      const msg: RawFrameMessage = {
        type: 'raw_frame',
        frame_data: dataUrl,
        metadata: {
          frame_number: this.frameNumber,
          width: CAPTURED_FRAME.width,
          height: CAPTURED_FRAME.height,
          quality,
          adaptive_fps: this.pacer.adaptiveFPS,
          processing_capability: capability,
          timestamp: new Date().toISOString(),
        },
      };
      const sent = this.opts.socket.send(msg, { throttle: capability < CAPABILITY_LOWER_THRESHOLD });
      if (sent) {
        this.frameNumber++;
        this.pacer.markSent(this.now());
      } else this.pacer.drop();
    } catch {
      this.pacer.drop();
    } finally {
      this.encoding = false;
    }
  }
}
