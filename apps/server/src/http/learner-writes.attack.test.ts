import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * Issue 14 item 6: one account stored 18,700 analytics events in 5 s. Every authenticated write
 * is now limited per learner (429 WRITE_RATE_LIMITED with Retry-After), each kind on its own,
 * and one learner's flood does not limit another learner.
 */
describe('per-learner write limits', () => {
  let server: TestServer;
  let storyId: string;
  let n = 0;
  const learner = async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const res = await call(server.api('/auth/register'), {
      body: { username: `w_${id}`, email: `w${id}@example.org`, password: 'a-writer-password' },
    });
    return res.body.access_token as string;
  };
  const events = (count: number) => ({
    events: Array.from({ length: count }, () => ({
      client_id: randomUUID(),
      name: 'page_view',
      at: new Date().toISOString(),
    })),
  });
  const writes: Record<string, (token: string) => Promise<{ status: number; headers: Headers; body: any }>> = {
    analytics: (token) => call(server.api('/analytics/events'), { token, body: events(50) }),
    'feedback reports': (token) =>
      call(server.api('/feedback-reports'), { token, body: { target: 'A', detected: 'S', note: 'flood' } }),
    'offline sessions': (token) =>
      call(server.api('/practice/offline-sessions'), {
        token,
        body: {
          client_id: randomUUID(),
          story_id: storyId,
          started_at: new Date().toISOString(),
          completed_at: null,
          attempts: [],
        },
      }),
    profile: (token) => call(server.api('/auth/profile'), { method: 'PUT', token, body: { firstName: 'Flood' } }),
  };

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      RATE_LIMIT_REGISTER_PER_MIN: '1000',
      RATE_LIMIT_ANALYTICS_PER_MIN: '4',
      RATE_LIMIT_WRITES_PER_MIN: '3',
    });
    const token = await learner();
    storyId = (await call(server.api('/stories?level=1'), { token })).body.stories[0].id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a flood of analytics batches is cut off after the limit; another learner still writes', async () => {
    const flooder = await learner();
    const answers = await Promise.all(Array.from({ length: 20 }, () => writes.analytics!(flooder)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('WRITE_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await writes.analytics!(await learner())).status).toBe(201);
  });

  for (const kind of ['feedback reports', 'offline sessions', 'profile']) {
    it(`limits ${kind} per learner with 429, Retry-After and a coded error`, async () => {
      const token = await learner();
      const statuses = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await writes[kind]!(token);
        statuses.push(last.status);
      }
      expect(
        statuses.slice(0, 3).every((s) => s >= 200 && s < 300),
        JSON.stringify(statuses),
      ).toBe(true);
      expect(statuses[3]).toBe(429);
      expect(last!.body.error.code).toBe('WRITE_RATE_LIMITED');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      // Each kind counts on its own: this learner can still send analytics.
      expect((await writes.analytics!(token)).status).toBe(201);
    });
  }
});
