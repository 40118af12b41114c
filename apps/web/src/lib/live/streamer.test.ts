import type { ReceivedLiveMessage } from '@asl/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameEncoder } from './encoder';
import { FrameStreamer, type FrameSink } from './streamer';

function sink(open = true) {
  const listeners = new Set<(m: ReceivedLiveMessage) => void>();
  const sent: { msg: any; throttle: boolean | undefined }[] = [];
  const s = {
    isOpen: open,
    send: vi.fn((msg: unknown, opts?: { throttle?: boolean }) => {
      if (!s.isOpen) return false;
      sent.push({ msg, throttle: opts?.throttle });
      return true;
    }),
    onMessage: (fn: (m: ReceivedLiveMessage) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    emit: (m: Partial<ReceivedLiveMessage>) => listeners.forEach((fn) => fn(m as ReceivedLiveMessage)),
    sent,
  };
  return s satisfies FrameSink;
}
const encoder = (): FrameEncoder & { qualities: number[] } => {
  const qualities: number[] = [];
  return {
    offMainThread: false,
    qualities,
    encode: async (_v, q) => {
      qualities.push(q);
      return 'data:image/jpeg;base64,AAAA';
    },
    dispose: vi.fn(),
  };
};
const video = { readyState: 4, videoWidth: 640 } as HTMLVideoElement;

describe('FrameStreamer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends 320x240 raw_frames at about the adaptive rate and counts them per second', async () => {
    const s = sink();
    const enc = encoder();
    const st = new FrameStreamer({ socket: s, encoder: enc, now: () => Date.now() });
    st.start(video);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.sent.length).toBeGreaterThanOrEqual(28);
    expect(s.sent.length).toBeLessThanOrEqual(31);
    const first = s.sent[0]!;
    expect(first.msg).toMatchObject({
      type: 'raw_frame',
      frame_data: 'data:image/jpeg;base64,AAAA',
      metadata: { frame_number: 0, width: 320, height: 240, quality: 0.85, adaptive_fps: 30, processing_capability: 1 },
    });
    expect(first.throttle).toBe(false); // capability 1: not throttled
    expect(s.sent[1]!.msg.metadata.frame_number).toBe(1);
    expect(st.getStats().currentFPS).toBeGreaterThanOrEqual(28);
    st.dispose();
    expect(enc.dispose).toHaveBeenCalled();
  });

  it('slows down and throttles when the server reports a low capability', async () => {
    const s = sink();
    const enc = encoder();
    const st = new FrameStreamer({ socket: s, encoder: enc, now: () => Date.now() });
    st.start(video);
    s.emit({
      type: 'processed_frame',
      metadata: { timestamp: '', processing_time_ms: 120, processing_capability: 0.5 },
    });
    const before = s.sent.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.sent.length - before).toBeLessThanOrEqual(16);
    expect(s.sent.at(-1)!.throttle).toBe(true);
    expect(enc.qualities.at(-1)).toBe(0.7);
    expect(st.getStats()).toMatchObject({
      adaptiveFPS: 15,
      processingCapability: 0.5,
      avgProcessingTime: 120,
      processedFrames: 1,
    });
    st.dispose();
  });

  it('sends nothing while the socket is not open', async () => {
    const s = sink(false);
    const st = new FrameStreamer({ socket: s, encoder: encoder(), now: () => Date.now() });
    st.start(video);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.send).not.toHaveBeenCalled();
    expect(st.getStats().currentFPS).toBe(0);
    st.dispose();
  });

  it('counts frames as dropped while the encoder is busy', async () => {
    const s = sink();
    let release!: () => void;
    const slow: FrameEncoder = {
      offMainThread: true,
      encode: () => new Promise((r) => (release = () => r('data:image/jpeg;base64,AA'))),
      dispose: () => {},
    };
    const st = new FrameStreamer({ socket: s, encoder: slow, now: () => Date.now() });
    st.start(video);
    await vi.advanceTimersByTimeAsync(200);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(st.getStats().droppedFrames).toBeGreaterThan(0);
    st.dispose();
  });
});
