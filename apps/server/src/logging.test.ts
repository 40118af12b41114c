import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { echoRequestId, loggerOptions, redactUrl, requestIdOptions } from './logging';

describe('redactUrl', () => {
  it('removes tokens from query strings', () => {
    expect(redactUrl('/ws/video?token=abc.def.ghi')).toBe('/ws/video?token=[REDACTED]');
    expect(redactUrl('/x?a=1&refresh_token=zzz&b=2')).toBe('/x?a=1&refresh_token=[REDACTED]&b=2');
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('request logging', () => {
  async function app(stream: Writable) {
    const a = Fastify({ logger: loggerOptions('info', stream), ...requestIdOptions() });
    echoRequestId(a);
    a.post('/login', async (request) => {
      request.log.info({ headers: request.headers, body: request.body }, 'got a request');
      return { ok: true };
    });
    await a.ready();
    return a;
  }

  it('writes JSON lines with the request id, honours and echoes X-Request-Id, and redacts secrets', async () => {
    const { lines, stream } = capture();
    const a = await app(stream);
    const res = await a.inject({
      method: 'POST',
      url: '/login?token=query-secret',
      headers: { authorization: 'Bearer header-secret', cookie: 'sid=cookie-secret', 'x-request-id': 'abc-123' },
      payload: { identifier: 'ann', password: 'password-secret', refresh_token: 'refresh-secret' },
    });
    await a.close();
    expect(res.headers['x-request-id']).toBe('abc-123');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = parsed.filter((l) => l.reqId === 'abc-123');
    expect(mine.length).toBeGreaterThanOrEqual(3); // incoming request, the handler's line, completed
    const all = lines.join('\n');
    for (const secret of ['header-secret', 'cookie-secret', 'password-secret', 'refresh-secret', 'query-secret']) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[REDACTED]');
    expect(all).toContain('ann');
  });

  it('makes a fresh id when none or a malformed one is sent', async () => {
    const { stream } = capture();
    const a = await app(stream);
    const none = await a.inject({ method: 'POST', url: '/login', payload: {} });
    const bad = await a.inject({ method: 'POST', url: '/login', payload: {}, headers: { 'x-request-id': 'a b\n<x>' } });
    await a.close();
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
  });
});
