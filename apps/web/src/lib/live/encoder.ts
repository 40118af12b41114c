import { CAPTURED_FRAME } from '@asl/protocol';

/** Turns the current video picture into a 320x240 JPEG data URL. */
export interface FrameEncoder {
  readonly offMainThread: boolean;
  encode(video: HTMLVideoElement, quality: number): Promise<string>;
  dispose(): void;
}

const { width: W, height: H, mimeType } = CAPTURED_FRAME;

/** Main-thread fallback: a canvas and toDataURL. */
export class CanvasEncoder implements FrameEncoder {
  readonly offMainThread = false;
  private canvas: HTMLCanvasElement | null = null;

  encode(video: HTMLVideoElement, quality: number): Promise<string> {
    this.canvas ??= Object.assign(document.createElement('canvas'), { width: W, height: H });
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return Promise.reject(new Error('Canvas 2D is not available'));
    ctx.drawImage(video, 0, 0, W, H);
    return Promise.resolve(this.canvas.toDataURL(mimeType, quality));
  }

  dispose(): void {
    this.canvas = null;
  }
}

interface Pending {
  resolve: (v: string) => void;
  reject: (e: Error) => void;
}

/** Off-main-thread encoder: createImageBitmap (scaled by the browser) sent to a worker with an OffscreenCanvas. */
export class WorkerEncoder implements FrameEncoder {
  readonly offMainThread = true;
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  constructor() {
    this.worker = new Worker(new URL('./encoder.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (ev: MessageEvent<{ id: number; dataUrl?: string; error?: string }>) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      if (ev.data.dataUrl) p.resolve(ev.data.dataUrl);
      else p.reject(new Error(ev.data.error ?? 'encode failed'));
    };
    this.worker.onerror = () => {
      for (const p of this.pending.values()) p.reject(new Error('encoder worker failed'));
      this.pending.clear();
    };
  }

  async encode(video: HTMLVideoElement, quality: number): Promise<string> {
    const bitmap = await createImageBitmap(video, { resizeWidth: W, resizeHeight: H, resizeQuality: 'low' });
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, bitmap, width: W, height: H, quality }, [bitmap]);
    });
  }

  dispose(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('encoder disposed'));
    this.pending.clear();
  }
}

/** The worker encoder where the browser has OffscreenCanvas, Worker and createImageBitmap; else the canvas. */
export function createFrameEncoder(): FrameEncoder {
  if (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof createImageBitmap === 'function' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function'
  ) {
    try {
      return new WorkerEncoder();
    } catch {
      /* fall through */
    }
  }
  return new CanvasEncoder();
}
