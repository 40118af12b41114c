/// <reference lib="webworker" />
/**
 * The in-browser recogniser, off the main thread: onnxruntime-web (wasm backend; its .wasm is a
 * Vite asset served from our own origin) running the server's hand pipeline with the server's
 * live-frame options on models fetched from /models/<name>.onnx.
 *
 * In: { type: 'init', modelBase } | { type: 'frame', id, bitmap, width, height } | { type: 'reset' }
 * Out: { type: 'ready' } | { type: 'error', message } | { type: 'result', id, ... }
 */
import type { HandPipeline, TrackState } from '@asl/recognition';
import * as ort from 'onnxruntime-web/wasm';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import runtimeUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import { createOrtHandPipeline, toDetectedHand } from './ort-runtime';
import type { RecognizerRequest, RecognizerResponse } from './protocol';

// The wasm runtime's JavaScript is loaded from its own asset, not from the copy bundled into this
// worker: with threads, each wasm thread is a worker started from that script's own URL, and
// started from this bundle it would run the recogniser again instead of a wasm thread.
ort.env.wasm.wasmPaths = {
  wasm: new URL(wasmUrl, self.location.href).href,
  mjs: new URL(runtimeUrl, self.location.href).href,
};
// Threads need cross-origin isolation (SharedArrayBuffer; the server sends COOP and COEP);
// otherwise one thread.
ort.env.wasm.numThreads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;
ort.env.wasm.proxy = false;

let pipeline: Promise<HandPipeline> | null = null;
let track: TrackState | null = null;
let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

const post = (msg: RecognizerResponse) => self.postMessage(msg);

async function fetchModel(base: string, name: string): Promise<Uint8Array> {
  const res = await fetch(`${base}/${name}.onnx`);
  if (!res.ok) throw new Error(`The recognition model ${name} could not be loaded (HTTP ${res.status}).`);
  return new Uint8Array(await res.arrayBuffer());
}

self.onmessage = async (ev: MessageEvent<RecognizerRequest>) => {
  const msg = ev.data;
  if (msg.type === 'init') {
    pipeline ??= createOrtHandPipeline(ort, (name) => fetchModel(msg.modelBase, name));
    try {
      await pipeline;
      post({ type: 'ready' });
    } catch (err) {
      pipeline = null;
      post({ type: 'error', message: (err as Error).message });
    }
    return;
  }
  if (msg.type === 'reset') {
    track = null;
    return;
  }
  const { id, bitmap, width, height } = msg;
  try {
    if (!pipeline) throw new Error('The recogniser is not loaded.');
    const p = await pipeline;
    const t0 = performance.now();
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      ctx = canvas.getContext('2d', { willReadFrequently: true });
    }
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const rgba = ctx.getImageData(0, 0, width, height).data;
    // the canvas's RGBA pixels as they are: the pipeline reads 4 bytes a pixel and skips alpha
    const res = await p.process({ rgb: { data: rgba, width, height, channels: 4 } }, track);
    track = res.track;
    post({
      type: 'result',
      id,
      hands: res.hands.map(toDetectedHand),
      width: res.image.width,
      height: res.image.height,
      ms: performance.now() - t0,
      detectorRuns: res.timings.detectorRuns,
    });
  } catch (err) {
    bitmap.close();
    post({ type: 'result', id, error: (err as Error).message, hands: [], width, height, ms: 0, detectorRuns: 0 });
  }
};
