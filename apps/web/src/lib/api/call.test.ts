import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { call, INVALID_RESPONSE } from './call';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const story = {
  id: 'l1 my/cat',
  title: 'My Cat',
  level: 1,
  summary: '',
  tags: [],
  sentences: [{ text: 'My cat', targets: ['MY', 'CAT'] }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('call(route, input)', () => {
  it('builds the path from the route and its params, URI-encoded, with the bearer token', async () => {
    localStorage.setItem('auth_token', 'T1');
    const fetchMock = vi.fn(async () => json(200, { story }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('story', { params: { id: 'l1 my/cat' } })).toEqual({ story });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/stories/l1%20my%2Fcat');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer T1');
  });

  it('sends the query without empty values', async () => {
    const fetchMock = vi.fn(async () => json(200, { stories: [] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('stories', { query: { level: 2, tag: undefined } })).toEqual({ stories: [] });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/v1/stories?level=2');
  });

  it("sends the body with the route's method, and no token on a public route", async () => {
    localStorage.setItem('auth_token', 'T1');
    const fetchMock = vi.fn(async () => json(200, { ok: true, message: 'sent' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('forgotPassword', { body: { email: 'a@example.org' } })).toEqual({
      ok: true,
      message: 'sent',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/forgot-password');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@example.org' });
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('refuses an answer that breaks the contract instead of casting it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ok: 'yes' })),
    );
    const err = await call('forgotPassword', { body: { email: 'a@example.org' } }, { retry: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: INVALID_RESPONSE, status: 502 });
  });

  it("keeps the server's coded error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: { code: 'STORY_NOT_FOUND', message: 'That story was not found.' } })),
    );
    const err = await call('story', { params: { id: 'x' } }, { retry: false }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, code: 'STORY_NOT_FOUND' });
  });
});
