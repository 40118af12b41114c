import { describe, expect, it } from 'vitest';
import { clearAuthStorage } from './keys';

describe('clearAuthStorage', () => {
  it('clears auth keys in both stores and keeps preferences', () => {
    for (const k of ['auth_token', 'refresh_token', 'user_data', 'session_data']) {
      localStorage.setItem(k, 'x');
      sessionStorage.setItem(k, 'x');
    }
    localStorage.setItem('user_preferences', '{}');
    localStorage.setItem('theme_settings', '{"name":"dark"}');
    localStorage.setItem('language_settings', '{}');
    clearAuthStorage();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(sessionStorage.getItem('session_data')).toBeNull();
    expect(localStorage.getItem('theme_settings')).toBe('{"name":"dark"}');
    expect(localStorage.getItem('user_preferences')).toBe('{}');
    expect(localStorage.getItem('language_settings')).toBe('{}');
  });
});
