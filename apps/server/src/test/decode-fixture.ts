/**
 * Test fixture: feeds a worker thread's frame decoder (as a recognition worker uses it) a run of
 * hostile frames, then valid ones, and reports what came back. Run in its own thread so that a
 * decoder that spins forever can be terminated by the test.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as image from '../recognition/landmarks/image.js';

const { decodeFrame, lastFrameDecoder } = image;
// (read by name so that the fixture also loads against a decoder without the counter)
const instances = (image as { wasmDecoderInstances?: () => number }).wasmDecoderInstances;

const { bad, valid } = workerData as { bad: Uint8Array[]; valid: Uint8Array };
const errors: Record<string, number> = {};
for (const frame of bad) {
  try {
    await decodeFrame(frame);
    errors.none = (errors.none ?? 0) + 1;
  } catch (e) {
    const name = (e as Error).name;
    errors[name] = (errors[name] ?? 0) + 1;
  }
}
const decoded = [];
for (let i = 0; i < 3; i++) {
  const img = await decodeFrame(valid);
  decoded.push({ width: img.width, height: img.height, decoder: lastFrameDecoder(), bytes: img.data.length });
}
parentPort!.postMessage({ errors, decoded, instances: instances?.() ?? null });
