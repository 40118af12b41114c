import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, retryRefusal } from './auth-reducer';

const user = {
  id: 'u',
  username: 'amy',
  email: 'a@x.org',
  firstName: '',
  lastName: '',
  roles: ['learner'],
  permissions: [],
};

describe('authReducer', () => {
  it('starts loading and settles to authenticated or logged out', () => {
    expect(initialAuthState.status).toBe('loading');
    expect(authReducer(initialAuthState, { type: 'INIT_DONE', user, token: 't' }).status).toBe('authenticated');
    expect(authReducer(initialAuthState, { type: 'INIT_DONE', user: null, token: null }).status).toBe(
      'unauthenticated',
    );
  });
  it('stores failure kind and retry permission, and allows retries only for network and server up to 3', () => {
    let s = authReducer(initialAuthState, { type: 'LOGIN_START' });
    expect(s.submitting).toBe(true);
    s = authReducer(s, { type: 'LOGIN_FAILURE', error: 'down', errorType: 'server', retryAllowed: true });
    expect(s).toMatchObject({ error: 'down', errorType: 'server', retryAllowed: true, submitting: false });
    expect(retryRefusal(s)).toBeNull();
    for (let i = 0; i < 3; i++) {
      s = authReducer(s, { type: 'RETRY_START' });
      s = authReducer(s, { type: 'LOGIN_FAILURE', error: 'down', errorType: 'server', retryAllowed: true });
    }
    expect(s.retryCount).toBe(3);
    expect(s.retryAllowed).toBe(false);
    expect(retryRefusal(s)).toBe('Maximum retry attempts reached');
    const auth = authReducer(initialAuthState, {
      type: 'LOGIN_FAILURE',
      error: 'bad',
      errorType: 'auth',
      retryAllowed: false,
    });
    expect(retryRefusal(auth)).toBe('Invalid retry attempt type');
  });
  it('logout clears the user', () => {
    const s = authReducer(authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user, token: 't' }), {
      type: 'LOGOUT',
    });
    expect(s).toMatchObject({ status: 'unauthenticated', user: null, token: null });
  });
});
