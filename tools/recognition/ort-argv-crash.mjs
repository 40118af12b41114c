/**
 * Reproduces the onnxruntime-node crash that `npm run recognize` works around (recognize/respawn.ts):
 * creating a session SIGSEGVs when the process's command line is longer than about 28 KB.
 *   node tools/recognition/ort-argv-crash.mjs .cache/models/handdetect.onnx $(seq 1 2000)   # prints "session created"
 *   node tools/recognition/ort-argv-crash.mjs .cache/models/handdetect.onnx $(seq 1 6000)   # Segmentation fault (exit 139)
 * Importing onnxruntime-node alone does not crash; the session does.
 */
import * as ort from 'onnxruntime-node';

const model = process.argv[2];
const bytes = process.argv.reduce((n, a) => n + Buffer.byteLength(a) + 1, 0);
console.log(`command line ${bytes} bytes; creating a session on ${model}`);
await ort.InferenceSession.create(model);
console.log('session created');
