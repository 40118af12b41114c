/** Helpers for the live-socket attack tests: learners, frames, answers, and server memory. */
import { expect } from 'vitest';
import { call } from './http';
import { LiveTestClient } from './live-client';
import type { TestServer } from './test-server';

let learners = 0;

/** Signs up a new learner and returns an access token. */
export async function newLearner(server: TestServer, name: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${++learners}`;
  const res = await call(server.api('/auth/register'), {
    body: { username: `${name}_${stamp}`, email: `${name}${stamp}@example.org`, password: 'frames-attack-pw-7319' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.access_token as string;
}

/** One answer per message sent: a pong, an error, or a processed frame. */
const isAnswer = (m: { type: string }) => m.type === 'pong' || m.type === 'error' || m.type === 'processed_frame';

/** Waits for the n-th answer (1-based) on this socket, counting those already received. */
export function nthAnswer(c: LiveTestClient, n: number, timeoutMs = 15_000): Promise<any> {
  const answers = () => c.received.filter(isAnswer);
  if (answers().length >= n) return Promise.resolve(answers()[n - 1]);
  return c.next((m) => isAnswer(m) && answers().indexOf(m) === n - 1, timeoutMs);
}

let frameNumber = 0;

/** Sends a frame (a JPEG with the size it declares) and waits for its answer. */
export async function sendFrame(
  c: LiveTestClient,
  jpegOrDataUrl: Buffer | string,
  size: { width: number; height: number } = { width: 320, height: 240 },
  timeoutMs = 15_000,
): Promise<any> {
  const frame_data =
    typeof jpegOrDataUrl === 'string' ? jpegOrDataUrl : `data:image/jpeg;base64,${jpegOrDataUrl.toString('base64')}`;
  const n = c.received.filter(isAnswer).length + 1;
  c.send({ type: 'raw_frame', frame_data, metadata: { frame_number: ++frameNumber, ...size } });
  return nthAnswer(c, n, timeoutMs);
}

/** Resident memory of the server process, read from its own /metrics. */
export async function serverRssBytes(server: TestServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const m = /^process_resident_memory_bytes ([0-9.e+]+)$/m.exec(text);
  if (!m) throw new Error('process_resident_memory_bytes missing from /metrics');
  return Number(m[1]);
}

/**
 * A learner's valid frame answered with processed_frame within `withinMs` (the socket closes
 * after). Returns the answer.
 */
export async function validFrameAnswered(
  server: TestServer,
  token: string,
  frame: string,
  withinMs = 5000,
): Promise<any> {
  const c = await LiveTestClient.connect(server.wsUrl(token));
  try {
    const answer = await sendFrame(c, frame, { width: 320, height: 240 }, withinMs);
    expect(answer.type, JSON.stringify(answer.data)).toBe('processed_frame');
    return answer;
  } finally {
    c.close();
  }
}
