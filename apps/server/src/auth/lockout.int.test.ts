import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../db/schema';
import { DB_KINDS, startTestServer, type TestServer } from '../test/test-server';
import { DbLockoutStore } from './lockout';

describe.each(DB_KINDS)('DbLockoutStore (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { RECOGNITION_WORKERS: '0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prunes failures older than the window as it records, so the table stays one window big', async () => {
    const db = server.database.db;
    const store = new DbLockoutStore(db, 3);
    await db
      .insert(loginFailures)
      .values({ identifier: 'id:old', ip: '10.0.0.1', createdAt: new Date(Date.now() - 3_600_000) });
    for (let i = 0; i < 3; i++) await store.record('id:new', '10.0.0.2', 900_000);
    expect(await db.select().from(loginFailures).where(eq(loginFailures.identifier, 'id:old'))).toHaveLength(0);
    expect(await store.count('id:new', 900_000)).toBe(3);
  });
});
