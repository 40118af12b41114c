import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireInCi } from '../test/redis';
import { frameworkErrors, registerErrorHandling } from './error-handler';

const POSTGRES_URL = process.env.TEST_DATABASE_URL || '';
requireInCi({ TEST_DATABASE_URL: POSTGRES_URL });

describe('the error handler', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(async () => {
    await client?.close();
  });

  it("answers the database's refusal of a NUL (in text or in jsonb) with 400 VALIDATION_ERROR, not 500", async () => {
    const db = drizzle({ client });
    const app = Fastify();
    registerErrorHandling(app);
    // the errors as drizzle throws them: the driver's error (with its code) in `.cause`
    app.get('/text', () => db.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/jsonb', () => db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`));
    app.get('/other', () => db.execute(sql`select 1/0`));
    for (const url of ['/text', '/jsonb']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_ERROR', message: 'The input contains a character that cannot be stored.' },
      });
    }
    // any other database error is still the server's
    const other = await app.inject({ method: 'GET', url: '/other' });
    expect(other.statusCode).toBe(500);
    expect(other.json().error.code).toBe('INTERNAL_ERROR');
  });

  it("answers the router's errors (malformed URL, overlong parameter) in the coded shape", async () => {
    const app = Fastify({ frameworkErrors, routerOptions: { maxParamLength: 10 } });
    registerErrorHandling(app);
    app.get('/stories/:id', async () => ({ ok: true }));
    const bad = await app.inject({ method: 'GET', url: '/stories/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
    expect(bad.body).not.toContain('%E0'); // Fastify's message repeated the path
    const long = await app.inject({ method: 'GET', url: `/stories/${'a'.repeat(11)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });
});

describe.runIf(POSTGRES_URL)('the error handler with PostgreSQL (TEST_DATABASE_URL)', () => {
  it('answers a request that waited in vain for a free connection 503 SERVER_BUSY with Retry-After, not 500', async () => {
    // the review's burst, in small: every connection of the pool held, the next query waits out the pool's wait
    const pool = new pg.Pool({ connectionString: POSTGRES_URL, max: 1, connectionTimeoutMillis: 50 });
    const held = await pool.connect();
    try {
      const db = drizzlePg({ client: pool });
      const app = Fastify();
      registerErrorHandling(app);
      app.get('/busy', () => db.execute(sql`select 1`));
      const res = await app.inject({ method: 'GET', url: '/busy' });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('SERVER_BUSY');
    } finally {
      held.release();
      await pool.end();
    }
  });
});
