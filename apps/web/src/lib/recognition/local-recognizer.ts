/**
 * The page side of the in-browser recogniser: a dedicated module worker (loaded only when offline
 * practice starts) that reads 320x240 frames of the <video> the same way the server reads the
 * JPEGs it is sent. Import this module dynamically: it pulls in nothing heavy itself, and the
 * worker's chunk (onnxruntime-web and the pipeline) and the models load on create().
 */
import { CAPTURED_FRAME, type DetectedHand } from '@asl/protocol';
import type { RecognizerRequest, RecognizerResponse } from './protocol';

export interface LocalFrame {
  hands: DetectedHand[];
  width: number;
  height: number;
  /** performance.now() when the frame was taken */
  timeMs: number;
  /** worker time for the frame, and the round trip from the page */
  workerMs: number;
  totalMs: number;
}

const { width: W, height: H } = CAPTURED_FRAME;

export class LocalRecognizer {
  private nextId = 1;
  private pending = new Map<number, { resolve(r: LocalFrame): void; reject(e: Error): void; t0: number }>();

  private constructor(private readonly worker: Worker) {
    worker.onmessage = (ev: MessageEvent<RecognizerResponse>) => {
      const m = ev.data;
      if (m.type !== 'result') return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else
        p.resolve({
          hands: m.hands,
          width: m.width,
          height: m.height,
          timeMs: p.t0,
          workerMs: m.ms,
          totalMs: performance.now() - p.t0,
        });
    };
    worker.onerror = () => this.failAll(new Error('The recogniser stopped.'));
  }

  /** Starts the worker and loads the models (from /models/..., or the service worker's cache). */
  static create(modelBase = '/models'): Promise<LocalRecognizer> {
    const worker = new Worker(new URL('./recognizer.worker.ts', import.meta.url), {
      type: 'module',
      name: 'asl-recognizer',
    });
    return new Promise((resolve, reject) => {
      worker.onmessage = (ev: MessageEvent<RecognizerResponse>) => {
        if (ev.data.type === 'ready') resolve(new LocalRecognizer(worker));
        else if (ev.data.type === 'error') {
          worker.terminate();
          reject(new Error(ev.data.message));
        }
      };
      worker.onerror = (e) => {
        worker.terminate();
        reject(new Error(e.message || 'The recogniser could not start.'));
      };
      worker.postMessage({ type: 'init', modelBase } satisfies RecognizerRequest);
    });
  }

  /** Recognises the video's current picture (320x240, as the server gets it). */
  async recognise(video: HTMLVideoElement): Promise<LocalFrame> {
    const t0 = performance.now();
    const bitmap = await createImageBitmap(video, { resizeWidth: W, resizeHeight: H, resizeQuality: 'medium' });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, t0 });
      this.worker.postMessage({ type: 'frame', id, bitmap, width: W, height: H } satisfies RecognizerRequest, [bitmap]);
    });
  }

  /** Forget the tracked hand (the next frame runs the palm detector). */
  resetTracking(): void {
    this.worker.postMessage({ type: 'reset' } satisfies RecognizerRequest);
  }

  dispose(): void {
    this.worker.terminate();
    this.failAll(new Error('The recogniser was closed.'));
  }

  private failAll(e: Error) {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}
