/**
 * Baseline: the same frames through @vladmandic/human (dist/human.node-wasm.js, tfjs wasm backend,
 * one thread). Models are served from the human-models folder over a loopback HTTP server
 * because Node 20 fetch cannot read file:// URLs.
 */
import { createReadStream, existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { defaultSourceDir } from './convert/ensure-models.js';
import type { FrameSeq } from './bench-frames.js';

export async function benchHuman(seqs: FrameSeq[], fmt: (xs: number[]) => string): Promise<void> {
  const require = createRequire(import.meta.url);
  const modelsDir = defaultSourceDir();
  const server = http.createServer((req, res) => {
    const f = path.join(modelsDir, path.basename(decodeURIComponent((req.url ?? '').split('?')[0])));
    if (!existsSync(f)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', f.endsWith('.json') ? 'application/json' : 'application/octet-stream');
    createReadStream(f).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  try {
    const humanPath = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
    const H = require(humanPath) as { Human: new (cfg: object) => HumanLike; default?: unknown };
    const wasmDir = `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
    const human = new H.Human({
      backend: 'wasm',
      wasmPath: wasmDir,
      wasmPlatformFetch: false,
      modelBasePath: `http://127.0.0.1:${port}/`,
      debug: false,
      async: false,
      face: { enabled: false },
      body: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
      hand: {
        enabled: true,
        rotation: true,
        maxDetected: 1,
        skipFrames: 99,
        skipTime: 10_000,
        minConfidence: 0.5,
        landmarks: true,
        detector: { modelPath: 'handtrack.json' },
        skeleton: { modelPath: 'handlandmark-full.json' },
      },
    });
    await human.load();
    await human.warmup?.();
    const tf = human.tf;
    const times: number[] = [];
    const first: number[] = [];
    const cpuT: number[] = [];
    const cpuF: number[] = [];
    let found = 0;
    let n = 0;
    for (const s of seqs) {
      for (let k = 0; k < s.frames.length; k++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const { data, info } = await sharp(s.frames[k]).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        const t = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
        const res = await human.detect(t);
        tf.dispose(t);
        const ms = performance.now() - t0;
        const c = process.cpuUsage(c0);
        (k === 0 ? first : times).push(ms);
        (k === 0 ? cpuF : cpuT).push((c.user + c.system) / 1000);
        if (res.hand.length && res.hand[0].keypoints.length) found++;
        n++;
      }
    }
    console.log(`human ${human.version} (wasm, handtrack + handlandmark-full): hand in ${found}/${n}`);
    console.log(`  first frame of each sequence: ${fmt(first)}`);
    console.log(`  following frames (cached boxes): ${fmt(times)}`);
    console.log(`  CPU time per frame: first ${fmt(cpuF)}; following ${fmt(cpuT)}`);
  } finally {
    server.close();
  }
}

interface HumanLike {
  version: string;
  tf: { tensor3d: (d: Uint8Array, s: number[], dt: string) => unknown; dispose: (t: unknown) => void };
  load(): Promise<void>;
  warmup?(): Promise<unknown>;
  detect(input: unknown): Promise<{ hand: Array<{ keypoints: number[][] }> }>;
}
