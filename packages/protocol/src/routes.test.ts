import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import { ROUTES, routePath, type RestRoute } from './routes';

const all = Object.values(ROUTES) as RestRoute[];

describe('the REST route table', () => {
  it('names each method and path once', () => {
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly for the paths with parameters', () => {
    for (const r of all) expect(Boolean(r.params), r.path).toBe(r.path.includes(':'));
  });

  it('answers only codes of the error registry, and 401 codes on every route that needs a token', () => {
    for (const r of all) {
      for (const code of r.errors) expect(ERROR_CODES[code], `${r.path} ${code}`).toBeDefined();
      if (r.auth) expect(r.errors, r.path).toContain('UNAUTHENTICATED');
    }
  });

  it('takes a body only on POST and PUT', () => {
    for (const r of all) if (r.body) expect(['POST', 'PUT'], r.path).toContain(r.method);
  });

  it('fills path parameters, URI-encoded, and refuses a missing one', () => {
    expect(routePath(ROUTES.story, { id: 'l1 my/cat' })).toBe('/stories/l1%20my%2Fcat');
    expect(routePath(ROUTES.progress)).toBe('/progress');
    expect(() => routePath(ROUTES.story, {})).toThrow(/missing path parameter id/);
  });
});
