import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/http';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * The attack review of 2026-11-28: with TRUST_PROXY=true the server took the first X-Forwarded-For
 * entry as the client's address, an entry the client writes itself (the proxy appends the address
 * it saw), so anyone behind the proxy could pick a new address per request and walk past every
 * per-address limit (registration, lockout, frames in recognition, the rows budget). `true` now
 * trusts the one proxy in front: the client is the last entry.
 */
describe('the client address behind TRUST_PROXY=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      RECOGNITION_WORKERS: '0',
      TRUST_PROXY: 'true',
      RATE_LIMIT_REGISTER_PER_MIN: '2',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is the address the proxy appended, whatever the client put before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = `${Date.now().toString(36)}${i}`;
      const res = await call(server.api('/auth/register'), {
        body: { username: `xff_${id}`, email: `xff.${id}@example.org`, password: 'signing-is-fun' },
        // a spoofed first entry each time; the proxy (this socket's peer) appended 198.51.100.9
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.9` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
