/**
 * npm run bench:on-device -- [--seconds N] [--url http://host:port]
 *
 * Speed of the on-device recogniser (offline practice) in Debian's Chromium, headless, as a
 * learner's browser runs it: the fake camera plays a video made from real photos (phone photos of
 * an ASL-HG signer in an ordinary room and segmented Massey photos, each shown 2 s, with a second
 * without a hand between them so the palm detector runs again), and the page sends the camera's
 * picture frame after frame, one in flight, to the app's own recogniser worker (the built
 * `recognizer.worker` asset, onnxruntime-web, the models from /models), exactly as offline
 * practice does (a 320x240 bitmap of the video). For N seconds (default 30) it records each
 * frame's time page -> worker -> page and the worker's own time, and whether the palm detector ran.
 *
 * Prints, and never fails on speed:
 *   tracked frames: p50 X ms, p95 Y ms            (landmark model only; the hand followed)
 *   frames needing detection: p50 X ms, p95 Y ms  (palm detector + landmark model)
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { removeDir, startE2EServer } from '../../e2e/support/server';
import { buildY4m, fakeCameraLaunchOptions } from '../../e2e/support/y4m';
import { fmt, percentile } from './stats';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const SECONDS = Number(opt('seconds') ?? 30);
const FPS = 30;

/** Real photos: phone photos of people in ordinary rooms, and segmented studio photos. */
const PHOTOS = [
  'aslhg/A/P2_A_104.jpg',
  'aslhg/B/P2_B_117.jpg',
  'aslhg/L/P2_L_103.jpg',
  'aslhg/Y/P2_Y_110.jpg',
  'massey/asl_dataset/c/hand2_c_top_seg_1_cropped.jpeg',
  'massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg',
];

interface FrameTime {
  totalMs: number;
  workerMs: number;
  detector: boolean;
  hands: number;
}

function workerAsset(): string {
  const dist = resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist', 'assets');
  const name = readdirSync(dist).find((f) => /^recognizer\.worker-.*\.js$/.test(f));
  if (!name) throw new Error(`no recognizer.worker-*.js in ${dist}: run npm run build first`);
  return `/assets/${name}`;
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'asl-bench-on-device-'));
  const blank = join(work, 'no-hand.jpeg');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 40, b: 40 } } })
    .jpeg()
    .toFile(blank);
  // each photo 2 s, then 1 s without a hand (the next hand needs the palm detector)
  const photos = PHOTOS.flatMap((p) => [p, p, blank]);
  const video = await buildY4m({ photos, out: join(work, 'camera.y4m'), fps: FPS, framesPerPhoto: FPS });
  const given = opt('url');
  const server = given ? null : await startE2EServer();
  const base = given ?? server!.url;
  const browser = await chromium.launch(fakeCameraLaunchOptions(video.path, CHROMIUM_PATH, CHROMIUM_ARGS));
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    const times = await page.evaluate(
      async ({ workerUrl, seconds }) => {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 } });
        const video = document.createElement('video');
        video.muted = true;
        video.srcObject = stream;
        await video.play();
        const worker = new Worker(workerUrl, { type: 'module' });
        await new Promise<void>((ok, fail) => {
          worker.onmessage = (e: MessageEvent<{ type: string; message?: string }>) =>
            e.data.type === 'ready' ? ok() : fail(new Error(e.data.message));
          worker.onerror = (e) => fail(new Error(`${e.message} ${e.filename}:${e.lineno}`));
          worker.postMessage({ type: 'init', modelBase: '/models' });
        });
        const out: { totalMs: number; workerMs: number; detector: boolean; hands: number }[] = [];
        const end = performance.now() + seconds * 1000;
        let id = 0;
        while (performance.now() < end) {
          const t0 = performance.now();
          const bitmap = await createImageBitmap(video, {
            resizeWidth: 320,
            resizeHeight: 240,
            resizeQuality: 'medium',
          });
          const r = await new Promise<{ ms: number; detectorRuns: number; hands: unknown[]; error?: string }>((ok) => {
            worker.onmessage = (e) => ok(e.data);
            worker.postMessage({ type: 'frame', id: ++id, bitmap, width: 320, height: 240 }, [bitmap]);
          });
          if (!r.error)
            out.push({
              totalMs: performance.now() - t0,
              workerMs: r.ms,
              detector: r.detectorRuns > 0,
              hands: r.hands.length,
            });
        }
        worker.terminate();
        for (const t of stream.getTracks()) t.stop();
        return { frames: out, isolated: self.crossOriginIsolated };
      },
      { workerUrl: workerAsset(), seconds: SECONDS },
    );
    console.log(
      times.isolated
        ? 'cross-origin isolated: onnxruntime-web runs one thread per core'
        : 'not cross-origin isolated: onnxruntime-web runs one thread',
    );
    report(times.frames);
  } finally {
    await browser.close();
    if (server) {
      await server.stop();
      await removeDir(server.dataDir);
    }
    await rm(work, { recursive: true, force: true });
  }
}

function line(name: string, frames: FrameTime[]) {
  const total = frames.map((f) => f.totalMs);
  const worker = frames.map((f) => f.workerMs);
  console.log(
    `${name}: p50 ${fmt(percentile(total, 50))} ms, p95 ${fmt(percentile(total, 95))} ms` +
      ` (${frames.length} frames; in the worker p50 ${fmt(percentile(worker, 50))} ms, p95 ${fmt(percentile(worker, 95))} ms)`,
  );
}

function report(times: FrameTime[]) {
  const tracked = times.filter((t) => !t.detector && t.hands > 0);
  const detected = times.filter((t) => t.detector);
  console.log(
    `on-device recogniser in Chromium, ${SECONDS} s of a fake camera at ${FPS} fps: ${times.length} frames, ` +
      `${times.filter((t) => t.hands > 0).length} with a hand`,
  );
  line('tracked frames', tracked);
  line('frames needing detection', detected);
}

await main();
