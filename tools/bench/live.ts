/**
 * npm run bench:live -- [--learners N] [--seconds S] [--fps F] [--frames mixed|segmented|phone] [--hold H] [--away A] [--aligned]
 *                       [--processes P] [--url http://host:port ...] [--cpu-prof DIR]
 *
 * N simulated learners (real websocket clients) send real 320x240 JPEG frames made from photos
 * (see clips(): segmented Massey photos, phone photos with backgrounds from ASL-HG, or both
 * (default); each sign held H frames, default 15, then, with --away A, A frames of the room's wall
 * with no hand in view, as a learner lowers the hands to read the next sentence) at F fps, each learner at its own random phase
 * of the frame interval (--aligned: all at once, in bursts) for S seconds to /ws/video and measure what comes back: achieved fps
 * (processed frames per second), frames the server dropped (back-pressure), feedback latency
 * (send -> processed_frame) p50/p95/p99, and, for a server this script starts itself, the
 * server's CPU and memory. With several --url, learners are spread across the servers
 * (as behind a load balancer). Without --url the script starts P server processes itself
 * (default 1) on free ports; they share DATABASE_URL and REDIS_URL when those are set (else
 * each has its own PGlite), and their CPU and memory are summed. --cpu-prof DIR writes a CPU
 * profile of each server process and of each of its worker threads into DIR (open in Chrome's
 * DevTools or speedscope).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';
import { percentile, fmt } from './stats';
import { procUsage } from './proc-usage';
import { sharedDir } from '../shared-dir.mjs';
import { removeDir, startBuiltServer } from '../../apps/server/src/test/built-server';

const args = process.argv.slice(2);
const opt = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const urls = args.flatMap((a, i) => (args[i - 1] === '--url' ? [a.replace(/\/$/, '')] : []));
const LEARNERS = opt('learners', 8);
const SECONDS = opt('seconds', 30);
const FPS = opt('fps', 15);
const PROCESSES = opt('processes', 1);
const cpuProfDir = args.includes('--cpu-prof') ? resolve(args[args.indexOf('--cpu-prof') + 1] ?? '.') : null;

/** Segmented photos (the hand on black, Massey) and phone photos of people in ordinary rooms (ASL-HG). */
const SEGMENTED = [
  'massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg',
  'massey/asl_dataset/b/hand2_b_dif_seg_4_cropped.jpeg',
  'massey/asl_dataset/c/hand2_c_dif_seg_2_cropped.jpeg',
  'massey/asl_dataset/l/hand1_l_left_seg_3_cropped.jpeg',
  'massey/asl_dataset/y/hand2_y_bot_seg_4_cropped.jpeg',
];
const PHONE = [
  'aslhg/A/P2_A_104.jpg',
  'aslhg/B/P10_B_908.jpg',
  'aslhg/C/P5_C_409.jpg',
  'aslhg/L/P7_L_604.jpg',
  'aslhg/Y/P4_Y_305.jpg',
];
type FrameSet = 'segmented' | 'phone' | 'mixed';
const FRAME_SET = (args.includes('--frames') ? args[args.indexOf('--frames') + 1] : 'mixed') as FrameSet;
if (!['segmented', 'phone', 'mixed'].includes(FRAME_SET)) throw new Error('--frames segmented|phone|mixed');
const HOLD = opt('hold', 15);
const AWAY = opt('away', 0);
const ALIGNED = args.includes('--aligned');
const WARM_MS = 3000;

/**
 * One clip per photo: HOLD frames of 320x240 JPEG (quality 80) in which the picture drifts a few
 * pixels from frame to frame, as a hand-held sign does in a webcam stream, so consecutive frames
 * differ as a camera's do and the server tracks the hand across them. A learner plays the clips
 * one after the other (each sign held HOLD frames, then the next one), so the palm detector runs
 * when the sign changes, not on every frame. Segmented photos are letterboxed on black; phone
 * photos fill the frame (cropped to 4:3) with their backgrounds.
 */
async function clips(): Promise<string[][]> {
  const root = resolve(sharedDir(), 'data', 'photos');
  const files =
    FRAME_SET === 'segmented' ? SEGMENTED : FRAME_SET === 'phone' ? PHONE : SEGMENTED.flatMap((f, i) => [f, PHONE[i]!]);
  return Promise.all(
    files.map(async (f) => {
      const phone = f.startsWith('aslhg/');
      // a little larger than the frame, so that a 320x240 window can move over it
      const big = await sharp(await readFile(join(root, f)))
        .rotate()
        .resize(336, 252, { fit: phone ? 'cover' : 'contain', background: '#000' })
        .toBuffer();
      const out: string[] = [];
      for (let k = 0; k < HOLD; k++) {
        const left = Math.round(8 + 7 * Math.sin(k / 3));
        const top = Math.round(6 + 5 * Math.cos(k / 4));
        const jpeg = await sharp(big).extract({ left, top, width: 320, height: 240 }).jpeg({ quality: 80 }).toBuffer();
        out.push(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
      }
      return out;
    }),
  );
}

/**
 * AWAY frames of a room with no hand in view (the wall beside a signer in an ASL-HG phone photo,
 * enlarged), drifting as the sign clips do: what the camera sends while the learner's hands are
 * down. Empty when AWAY is 0.
 */
async function awayClip(): Promise<string[]> {
  const wall = await sharp(await readFile(resolve(sharedDir(), 'data', 'photos', 'aslhg/B/P10_B_908.jpg')))
    .extract({ left: 0, top: 0, width: 80, height: 60 })
    .resize(336, 252)
    .toBuffer();
  return Promise.all(
    Array.from({ length: AWAY }, async (_, k) => {
      const left = Math.round(8 + 7 * Math.sin(k / 3));
      const top = Math.round(6 + 5 * Math.cos(k / 4));
      const jpeg = await sharp(wall).extract({ left, top, width: 320, height: 240 }).jpeg({ quality: 80 }).toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    }),
  );
}

interface OwnServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startOwnServer(): Promise<OwnServer> {
  const server = await startBuiltServer({
    // every simulated learner is 127.0.0.1: the per-address share of recognition would hold them to 3 frames at once
    env: {
      RATE_LIMIT_REGISTER_PER_MIN: '1000',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      LIVE_MAX_FRAMES_PER_ADDRESS: '1000',
      // every simulated learner comes from this machine's address
      LIVE_MAX_SOCKETS_PER_ADDRESS: '100000',
      LIVE_MAX_BYTES_PER_SECOND_PER_ADDRESS: String(1024 ** 3),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
    stderr: 'inherit',
    ...(cpuProfDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] } : {}),
  });
  return {
    url: server.url,
    pid: server.proc.pid!,
    async stop() {
      await server.stop();
      await removeDir(server.dataDir);
    },
  };
}

async function token(base: string): Promise<string> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench_${id}`, email: `bench.${id}@example.org`, password: 'benchmark-pass' }),
  });
  if (!res.ok) throw new Error(`register failed on ${base}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface LearnerResult {
  sent: number;
  processed: number;
  latencies: number[];
  errors: number;
  handsSeen: number;
}

/**
 * One learner (`index` starts at sign `index`, so learners show different signs, each held HOLD
 * frames and followed by AWAY frames without a hand): sends for warmMs + ms, and counts only the frames sent after warmMs (a learner
 * already practising: the hand tracked, not every learner's first frame at the same moment).
 */
async function learner(
  base: string,
  tok: string,
  program: string[],
  index: number,
  warmMs: number,
  ms: number,
): Promise<LearnerResult> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/video?token=${encodeURIComponent(tok)}`);
  const sentAt = new Map<number, number>();
  let started = Infinity;
  const r: LearnerResult = { sent: 0, processed: 0, latencies: [], errors: 0, handsSeen: 0 };
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as {
      type: string;
      metadata: { frame_number?: number };
      data?: { hands?: unknown[] };
    };
    if (m.type === 'processed_frame') {
      const t = sentAt.get(m.metadata.frame_number ?? -1);
      if (t === undefined) return; // sent during the warm-up
      r.latencies.push(performance.now() - t);
      r.processed++;
      if (m.data?.hands?.length) r.handsSeen++;
    } else if (m.type === 'error' && performance.now() - started >= warmMs) r.errors++;
  });
  await new Promise((res, rej) => {
    ws.once('open', res);
    ws.once('error', rej);
  });
  // Learners who connected at different moments send at different phases of the frame interval;
  // all starting in the same millisecond (--aligned) would send every frame in one burst.
  if (!ALIGNED) await new Promise((res) => setTimeout(res, Math.random() * (1000 / FPS)));
  started = performance.now();
  let n = 0;
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - started >= warmMs + ms) {
        clearInterval(timer);
        done();
        return;
      }
      n++;
      const measured = now - started >= warmMs;
      if (measured) sentAt.set(n, now);
      ws.send(
        JSON.stringify({
          type: 'raw_frame',
          frame_data: program[(index * (HOLD + AWAY) + n) % program.length],
          metadata: { frame_number: n, width: 320, height: 240, adaptive_fps: FPS },
        }),
      );
      if (measured) r.sent++;
    }, 1000 / FPS);
  });
  // Let the last frame in flight come back, then close.
  await new Promise((res) => setTimeout(res, 500));
  ws.close(1000);
  return r;
}

async function main() {
  const away = await awayClip();
  // every sign's HOLD frames, then AWAY frames without a hand, one sign after the other
  const program = (await clips()).flatMap((clip) => [...clip, ...away]);
  const own: OwnServer[] = [];
  if (urls.length === 0) {
    // One after the other: the first migrates a fresh database, the others find it done.
    for (let i = 0; i < PROCESSES; i++) own.push(await startOwnServer());
  }
  const targets = own.length ? own.map((o) => o.url) : urls;
  try {
    // One account per simulated learner, as real learners have: a server keeps at most
    // LIVE_MAX_SOCKETS_PER_USER sockets per account open and closes the oldest beyond that.
    const tokens = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => token(targets[i % targets.length]!)));
    const usage = () => {
      const all = own.map((o) => procUsage(o.pid));
      if (all.length === 0 || all.some((u) => !u)) return null;
      return { cpuS: all.reduce((n, u) => n + u!.cpuS, 0), rssMb: all.reduce((n, u) => n + u!.rssMb, 0) };
    };
    // Every learner sends for WARM_MS first (its hand found and tracked, the workers warm); the
    // figures count what is sent after that, and the CPU is read from then on.
    const from = { cpu: usage(), client: process.cpuUsage(), t: performance.now() };
    const warmed = setTimeout(
      () => {
        from.cpu = usage();
        from.client = process.cpuUsage();
        from.t = performance.now();
      },
      WARM_MS + 1000 / FPS / 2,
    );
    const results = await Promise.all(
      Array.from({ length: LEARNERS }, (_, i) =>
        learner(targets[i % targets.length]!, tokens[i]!, program, i, WARM_MS, SECONDS * 1000),
      ),
    );
    clearTimeout(warmed);
    const { cpu: cpu0, client: client0, t: t0 } = from;
    const wall = (performance.now() - t0) / 1000;
    const cpu1 = usage();
    const client = process.cpuUsage(client0);
    const lat = results.flatMap((r) => r.latencies);
    const totalProcessed = results.reduce((n, r) => n + r.processed, 0);
    console.log(
      `\nbench:live: ${LEARNERS} learners x ${FPS} fps x ${SECONDS} s against ${targets.join(', ')}; frames: ${FRAME_SET}, each sign held ${HOLD} frames${AWAY ? `, then ${AWAY} without a hand` : ''}${ALIGNED ? ', all learners in phase' : ''}`,
    );
    console.log('learner  sent  processed  achieved_fps  dropped  errors  hands_seen');
    results.forEach((r, i) =>
      console.log(
        `${String(i + 1).padStart(7)}  ${String(r.sent).padStart(4)}  ${String(r.processed).padStart(9)}  ${fmt(r.processed / SECONDS).padStart(12)}  ${String(r.sent - r.processed).padStart(7)}  ${String(r.errors).padStart(6)}  ${String(r.handsSeen).padStart(10)}`,
      ),
    );
    const handsSeen = results.reduce((n, r) => n + r.handsSeen, 0);
    console.log(
      `total processed frames/s: ${fmt(totalProcessed / SECONDS)} of ${fmt(results.reduce((n, r) => n + r.sent, 0) / SECONDS)} sent; a hand in ${fmt((100 * handsSeen) / Math.max(1, totalProcessed))}% of them`,
    );
    console.log(
      `feedback latency ms: p50 ${fmt(percentile(lat, 50))}  p95 ${fmt(percentile(lat, 95))}  p99 ${fmt(percentile(lat, 99))}`,
    );
    if (cpu0 && cpu1) {
      console.log(
        `server CPU (${own.length} process${own.length > 1 ? 'es' : ''}): ${fmt(((cpu1.cpuS - cpu0.cpuS) / wall) * 100, 0)}% of one core (machine has ${(await import('node:os')).availableParallelism()} cores); RSS ${fmt(cpu1.rssMb, 0)} MB`,
      );
      // less sensitive to other work on the machine than frames/s: what one frame costs the server
      console.log(`server CPU per processed frame: ${fmt(((cpu1.cpuS - cpu0.cpuS) * 1000) / totalProcessed, 2)} ms`);
    } else {
      console.log('server CPU/memory: not measured for --url targets (see their /metrics)');
    }
    // the simulated learners run on this machine too: what they cost is not the server's
    console.log(
      `bench client CPU (this process): ${fmt(((client.user + client.system) / 1e6 / wall) * 100, 0)}% of one core; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await Promise.all(own.map((o) => o.stop()));
  }
}

await main();
