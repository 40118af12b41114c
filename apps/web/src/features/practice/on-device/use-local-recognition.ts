import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { LocalFrame, LocalRecognizer } from '../../../lib/recognition/local-recognizer';

export type LocalRecognitionStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface LocalRecognition {
  status: LocalRecognitionStatus;
  error: string | null;
  /** true while frames of the video are being recognised on this device */
  running: boolean;
  /** median per-frame time (page -> worker -> page) of the last frames, ms */
  frameMs: number | null;
  onFrame(fn: (f: LocalFrame) => void): () => void;
}

/**
 * The in-browser recogniser for offline practice. `prepare` loads it (code, wasm and models, in a
 * worker) in the background while a story is practised, so it is ready the moment the connection
 * drops; `run` recognises the video frame after frame (one in flight at a time).
 */
export function useLocalRecognition(
  videoRef: RefObject<HTMLVideoElement | null>,
  { prepare, run }: { prepare: boolean; run: boolean },
): LocalRecognition {
  const [status, setStatus] = useState<LocalRecognitionStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [frameMs, setFrameMs] = useState<number | null>(null);
  const recognizer = useRef<LocalRecognizer | null>(null);
  const listeners = useRef(new Set<(f: LocalFrame) => void>());

  useEffect(() => {
    if (!prepare || status !== 'idle') return;
    setStatus('loading');
    // Loaded only now: the recogniser's code, the onnxruntime wasm and the models stay out of
    // every other page.
    import('../../../lib/recognition/local-recognizer')
      .then(({ LocalRecognizer }) => LocalRecognizer.create())
      .then(
        (r) => {
          recognizer.current = r;
          setStatus('ready');
        },
        (e: Error) => {
          setError(e.message || 'The recogniser could not be loaded.');
          setStatus('unavailable');
        },
      );
  }, [prepare, status]);

  useEffect(
    () => () => {
      recognizer.current?.dispose();
      recognizer.current = null;
    },
    [],
  );

  const running = run && status === 'ready';
  useEffect(() => {
    const r = recognizer.current;
    if (!running || !r) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const times: number[] = [];
    r.resetTracking();
    const loop = async () => {
      const video = videoRef.current;
      if (stopped) return;
      if (video && video.readyState >= 2 && video.videoWidth > 0) {
        try {
          const f = await r.recognise(video);
          if (stopped) return;
          // visible in the browser's performance timeline (devtools, benchmarks)
          performance.measure('asl-local-frame', { start: f.timeMs, duration: f.totalMs });
          for (const fn of listeners.current) fn(f);
          times.push(f.totalMs);
          if (times.length > 15) times.shift();
          if (times.length % 5 === 0) setFrameMs([...times].sort((a, b) => a - b)[times.length >> 1]!);
        } catch {
          /* a frame that failed: try the next one */
        }
      }
      // at most about 30 frames a second, leaving the main thread time to render
      if (!stopped) timer = setTimeout(() => void loop(), 33);
    };
    void loop();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [running, videoRef]);

  const onFrame = useCallback((fn: (f: LocalFrame) => void) => {
    listeners.current.add(fn);
    return () => void listeners.current.delete(fn);
  }, []);

  return { status, error, running, frameMs, onFrame };
}
