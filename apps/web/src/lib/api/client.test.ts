import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { onSessionExpired, request } from './client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends JSON with the bearer token and returns the body', async () => {
    localStorage.setItem('auth_token', 'T1');
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await request('/thing', { body: { a: 1 } })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/thing');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer T1');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns a non-OK status into an ApiError with the server code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: { code: 'EMAIL_TAKEN', message: 'taken', field: 'email' } })),
    );
    const err = await request('/x', { retry: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', field: 'email' });
  });

  it('refreshes once on a 401 and retries the call', async () => {
    localStorage.setItem('auth_token', 'OLD');
    localStorage.setItem('refresh_token', 'R1');
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh'))
        return json(200, {
          access_token: 'NEW',
          refresh_token: 'R2',
          token_type: 'Bearer',
          expires_in: 900,
          user: {
            id: 'u',
            username: 'u',
            email: 'u@example.org',
            firstName: '',
            lastName: '',
            roles: [],
            permissions: [],
          },
        });
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer NEW'
        ? json(200, { me: true })
        : json(401, { error: { code: 'TOKEN_EXPIRED', message: 'x' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await request('/auth/me')).toEqual({ me: true });
    expect(localStorage.getItem('refresh_token')).toBe('R2');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears the session when the refresh fails', async () => {
    localStorage.setItem('auth_token', 'OLD');
    localStorage.setItem('refresh_token', 'R1');
    localStorage.setItem('theme_settings', '{"name":"dark"}');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { code: 'REFRESH_TOKEN_INVALID', message: 'x' } })),
    );
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    await expect(request('/auth/me')).rejects.toMatchObject({ status: 401 });
    off();
    expect(expired).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('theme_settings')).toBe('{"name":"dark"}');
  });

  it('ends the session on a 401 when another tab has signed out (no refresh token left)', async () => {
    localStorage.setItem('auth_token', 'OLD');
    localStorage.removeItem('refresh_token');
    const fetchMock = vi.fn(async () => json(401, { error: { code: 'TOKEN_REVOKED', message: 'x' } }));
    vi.stubGlobal('fetch', fetchMock);
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    await expect(request('/progress')).rejects.toMatchObject({ status: 401 });
    off();
    expect(expired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce(); // no refresh tried: there is nothing to refresh with
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  describe('network errors while offline (spec section 8: queued, run when the connection returns)', () => {
    const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    afterEach(() => vi.restoreAllMocks());

    it('queues an authenticated call until the online event, then runs it without spending retries', async () => {
      localStorage.setItem('auth_token', 'T1');
      const onLine = goOffline();
      const fetchMock = vi.fn(async () => {
        if (!navigator.onLine) throw new TypeError('Failed to fetch');
        return json(200, { ok: true });
      });
      vi.stubGlobal('fetch', fetchMock);
      const listens = vi.spyOn(window, 'addEventListener');
      let settled = false;
      const pending = request('/progress').finally(() => (settled = true));
      // The call is parked on the `online` event (no timer): it has not settled, and fetched once.
      await vi.waitFor(() => expect(listens).toHaveBeenCalledWith('online', expect.any(Function)));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(settled).toBe(false);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(await pending).toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('fails at once when queuing is off, for unauthenticated calls, and when aborted while queued', async () => {
      goOffline();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      await expect(request('/auth/me', { retry: false, queueOffline: false })).rejects.toMatchObject({ status: 0 });
      await expect(request('/auth/forgot-password', { auth: false, retry: false })).rejects.toMatchObject({
        status: 0,
      });
      const ctl = new AbortController();
      const queued = request('/progress', { signal: ctl.signal });
      ctl.abort();
      await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
});
