import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, startBuiltServer, type BuiltServer } from '../test/built-server';
import { photoFrame } from '../test/frames';
import { call } from '../test/http';
import { registerLearner } from '../test/learners';
import { LETTER_PHOTOS } from '../test/letter-photos';
import { LiveTestClient } from '../test/live-client';
import { learnerPseudonym } from './export-reports';
import { buildServerBundle } from '../test/server-process';
import { freshPostgresDatabase, POSTGRES_URL } from '../test/test-server';

const run = promisify(execFile);
const cli = join(repoRoot, 'apps/server/dist/reports.js');

/** `npm run reports:export` on the data folder; the exit code and both outputs (never throws). */
async function exportReports(dataDir: string, args: string[] = [], databaseUrl?: string) {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    const r = await run(process.execPath, [cli, ...args], { env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * A learner reports three readings on `server`: an A read as S with the hand from a real S photo read
 * over the live socket (as the browser has it), a Z read as D with the movement before it (that hand
 * moved), and one pressed with no hand in view; then another learner reports that hand as an M read
 * as N. Returns the hand and the two learners' account ids.
 */
async function reportThree(server: BuiltServer): Promise<{ hand: number[][]; accounts: string[] }> {
  const learner = await registerLearner(server.api, 'rep');
  const c = await LiveTestClient.connect(server.wsUrl(learner.access_token));
  c.send({
    type: 'raw_frame',
    frame_data: await photoFrame(LETTER_PHOTOS.S!),
    metadata: { frame_number: 1, width: 320, height: 240 },
  });
  const out = await c.next((m) => m.type === 'processed_frame', 60_000);
  c.close();
  const hand = out.data.hands[0].landmarks as number[][];
  const token = learner.access_token;
  const reported = await call(server.api('/feedback-reports'), {
    token,
    body: { target: 'A', detected: 'S', confidence: 0.81, landmarks: hand, note: 'my thumb was at the side' },
  });
  expect(reported.status).toBe(201);
  // a Z drawn and read as D: the hand moving 12 px a frame at 15 fps, lost on one frame
  const frames = Array.from({ length: 10 }, (_, i) => ({
    t: Math.round(i * 66.7),
    landmarks: i === 4 ? null : hand.map(([x, y, z]) => [x! + 12 * i, y!, z!]),
  }));
  const moved = await call(server.api('/feedback-reports'), {
    token,
    body: { target: 'Z', detected: 'D', confidence: 0.9, landmarks: frames[9]!.landmarks, frames },
  });
  expect(moved.status).toBe(201);
  // a report without a hand (pressed with no hand in view) has nothing to check a model with
  expect((await call(server.api('/feedback-reports'), { token, body: { target: 'B', detected: null } })).status).toBe(
    201,
  );
  const other = await registerLearner(server.api, 'rep');
  const body = { target: 'M', detected: 'N', landmarks: hand };
  expect((await call(server.api('/feedback-reports'), { token: other.access_token, body })).status).toBe(201);
  return { hand, accounts: [learner.user_id, other.user_id] };
}

describe('npm run reports:export: learners\' "This feedback is wrong" reports as landmark sequences', () => {
  let server: BuiltServer;
  let hand: number[][];
  let accounts: string[];

  beforeAll(async () => {
    buildServerBundle();
    server = await startBuiltServer({ env: { NODE_ENV: 'test' } });
    ({ hand, accounts } = await reportThree(server));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (server) await removeDir(server.dataDir);
  });

  it('refuses the embedded database while the server has it open, then writes each report with a hand', async () => {
    const busy = await exportReports(server.dataDir);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toMatch(
      new RegExp(`^error DATABASE_IN_USE: The embedded database in .* is in use by process ${server.proc.pid} `, 'm'),
    );
    expect(busy.stdout).toBe('');
    // npm run migrate refuses too: two processes on one embedded database would corrupt it
    const migrate = await run(process.execPath, [join(repoRoot, 'apps/server/dist/migrate.js')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: server.dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(migrate).toMatchObject({ code: 2 });
    expect(migrate.stderr).toMatch(/^error DATABASE_IN_USE: The embedded database in .* is in use by process/m);

    await server.stop();
    const out = join(server.dataDir, 'reports.jsonl');
    const done = await exportReports(server.dataDir, ['--out', out]);
    expect(done.stderr).toContain(`3 reports with a hand written to ${out}`);
    expect(done.code).toBe(0);
    const text = await readFile(out, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    const [line, movement] = lines;
    // who reported, as a pseudonym keyed by the server's secret (the same in the next export), never the account
    const { jwtSecret } = JSON.parse(await readFile(join(server.dataDir, 'secrets.json'), 'utf8')) as {
      jwtSecret: string;
    };
    const [first, second] = accounts.map((a) => learnerPseudonym(jwtSecret, a));
    expect(first).not.toBe(second);
    expect(lines.map((l) => [l.target, l.learner])).toEqual([
      ['A', first],
      ['Z', first],
      ['M', second],
    ]);
    for (const account of accounts) expect(text).not.toContain(account);
    const again = await exportReports(server.dataDir);
    expect(
      again.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { learner: string }).learner),
    ).toEqual([first, first, second]);
    expect(line).toMatchObject({ fps: 15, target: 'A', detected: 'S', note: 'my thumb was at the side' });
    expect(line.confidence).toBeCloseTo(0.81, 5);
    expect(line.width).toBe(line.height);
    // the landmarks come back to the frame's pixels: x * width, y * height, z * width
    expect(line.frames).toHaveLength(1);
    line.frames[0].forEach((p: number[], i: number) => {
      expect(p[0]! * line.width).toBeCloseTo(hand[i]![0]!, 6);
      expect(p[1]! * line.height).toBeCloseTo(hand[i]![1]!, 6);
      expect(p[2]! * line.width).toBeCloseTo(hand[i]![2]!, 6);
    });

    // the movement before the reading: every frame in order, the lost one as null, at its frame rate
    expect(movement).toMatchObject({ target: 'Z', detected: 'D' });
    expect(movement.fps).toBeCloseTo(15, 0);
    expect(movement.frames).toHaveLength(10);
    expect(movement.frames[4]).toBeNull();
    expect(movement.frames[9][0][0] * movement.width).toBeCloseTo(hand[0]![0]! + 108, 6);
    expect(movement.frames[0][0][1] * movement.height).toBeCloseTo(hand[0]![1]!, 6);

    // to standard output, and only the reports since a date
    const all = await exportReports(server.dataDir);
    expect(all.stdout.trim().split('\n')).toHaveLength(3);
    const later = await exportReports(server.dataDir, ['--since', '2999-01-01']);
    expect(later).toMatchObject({ code: 0, stdout: '' });
    expect(later.stderr).toContain('0 reports with a hand');
  }, 120_000);

  it('says what went wrong, in one coded line, when it cannot read or write', async () => {
    const unwritable = await exportReports(server.dataDir, [
      '--out',
      join(server.dataDir, 'no', 'such', 'dir', 'r.jsonl'),
    ]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(/^error OUT_NOT_WRITABLE: .*no\/such\/dir\/r\.jsonl could not be written/m);
    // a PostgreSQL that does not answer (nothing listens on port 1)
    const down = await exportReports(server.dataDir, [], 'postgres://nobody:nothing@127.0.0.1:1/none');
    expect(down.code).toBe(2);
    expect(down.stderr).toMatch(/^error DATABASE_UNAVAILABLE: the reports could not be read/m);
    expect(down.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('says what is wrong with its arguments', async () => {
    for (const [args, message] of [
      [['--since', 'last week'], '--since takes a date'],
      [['--out'], '--out needs a value'],
      [['--everything'], 'unknown argument "--everything"'],
    ] as const) {
      const r = await exportReports(server.dataDir, [...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error USAGE: ${message}`);
    }
  });
});

// PostgreSQL (when the machine has one, as CI does): the server may keep running.
describe.runIf(POSTGRES_URL)('npm run reports:export on PostgreSQL', () => {
  let server: BuiltServer;
  let url: string;
  let hand: number[][];
  let accounts: string[];

  beforeAll(async () => {
    buildServerBundle();
    url = await freshPostgresDatabase();
    server = await startBuiltServer({ env: { NODE_ENV: 'test', DATABASE_URL: url } });
    ({ hand, accounts } = await reportThree(server));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (server) await removeDir(server.dataDir);
  });

  it('exports while the server runs', async () => {
    const r = await exportReports(server.dataDir, [], url);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    const { jwtSecret } = JSON.parse(await readFile(join(server.dataDir, 'secrets.json'), 'utf8')) as {
      jwtSecret: string;
    };
    expect(lines[0]).toMatchObject({ target: 'A', detected: 'S', learner: learnerPseudonym(jwtSecret, accounts[0]!) });
    expect(lines[2]).toMatchObject({ target: 'M', detected: 'N', learner: learnerPseudonym(jwtSecret, accounts[1]!) });
    expect(lines[1].frames).toHaveLength(10);
    expect(lines[0].frames[0][0][0] * lines[0].width).toBeCloseTo(hand[0]![0]!, 6);
  });
});
