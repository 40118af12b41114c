import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { authErrorKind, loginErrorMessage, registrationErrorMessage } from './auth-messages';

const e = (status: number, code = 'X', message = '') => new ApiError(status, code, message);

describe('auth error texts', () => {
  it('maps login statuses to the spec texts', () => {
    expect(loginErrorMessage(e(401))).toBe('Invalid email or password. Please check your credentials and try again.');
    expect(loginErrorMessage(e(429))).toBe('Too many login attempts. Please wait a moment before trying again.');
    expect(loginErrorMessage(e(503))).toBe('Server temporarily unavailable. Please try again in a moment.');
    expect(loginErrorMessage(e(400, 'VALIDATION_ERROR', 'Password is required.'))).toBe('Password is required.');
    expect(loginErrorMessage(e(400))).toBe('Invalid login request. Please check your input.');
    expect(loginErrorMessage(e(418))).toBe('Login failed');
    expect(loginErrorMessage(e(0))).toBe('Connection failed. Please check your internet connection and try again.');
    expect(loginErrorMessage(e(423, 'ACCOUNT_LOCKED'))).toBe(
      'Account temporarily locked due to multiple failed attempts',
    );
  });
  it('maps registration statuses to the spec texts', () => {
    expect(registrationErrorMessage(e(409, 'EMAIL_TAKEN'))).toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    );
    expect(registrationErrorMessage(e(400))).toBe('Invalid registration data. Please check your input.');
    expect(registrationErrorMessage(e(429))).toBe(
      'Too many registration attempts. Please wait a moment before trying again.',
    );
    expect(registrationErrorMessage(e(500, 'X', 'Database on fire'))).toBe('Database on fire');
    expect(registrationErrorMessage(e(418))).toBe('Registration failed');
  });
  it('types errors for the retry rule', () => {
    expect(authErrorKind(e(0))).toBe('network');
    expect(authErrorKind(e(502))).toBe('server');
    expect(authErrorKind(e(401))).toBe('auth');
    expect(authErrorKind(e(400))).toBe('validation');
  });
});
