import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  CAMERA_ERRORS,
  ERROR_CLASSIFICATION,
  LOGIN_MESSAGES,
  NOTIFICATION_MESSAGES,
  OFFLINE_BANNER_TEXT,
  REGISTRATION_MESSAGES,
  SESSION_MESSAGES,
  SOCKET_MESSAGES,
  closeCodeMessage,
  maxReconnectMessage,
  themeChangedMessage,
} from './messages';
import { ERROR_CODES, errorBody } from './errors';
import { CLOSE_CODES } from './live';

describe('section 8 texts', () => {
  it('login and registration', () => {
    expect(LOGIN_MESSAGES[401]).toBe('Invalid email or password. Please check your credentials and try again.');
    expect(LOGIN_MESSAGES[429]).toBe('Too many login attempts. Please wait a moment before trying again.');
    expect(LOGIN_MESSAGES.serverError).toBe('Server temporarily unavailable. Please try again in a moment.');
    expect(LOGIN_MESSAGES[400]).toBe('Invalid login request. Please check your input.');
    expect(LOGIN_MESSAGES.default).toBe('Login failed');
    expect(REGISTRATION_MESSAGES[409]).toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    );
    expect(REGISTRATION_MESSAGES[429]).toBe(
      'Too many registration attempts. Please wait a moment before trying again.',
    );
    expect(REGISTRATION_MESSAGES.default).toBe('Registration failed');
  });

  it('session, classification and auth types', () => {
    expect(SESSION_MESSAGES.accountLocked).toBe('Account temporarily locked due to multiple failed attempts');
    expect(SESSION_MESSAGES.sessionExpired).toBe('Session expired. Please log in again.');
    expect(ERROR_CLASSIFICATION.network).toMatchObject({ severity: 'high', retryable: true });
    expect(ERROR_CLASSIFICATION.timeout.userMessage).toBe(
      'Request timed out. The server is taking too long to respond.',
    );
    expect(ERROR_CLASSIFICATION.permission.userMessage).toBe("You don't have permission to access this resource.");
    expect(ERROR_CLASSIFICATION.server.retryable).toBe(true);
    expect(ERROR_CLASSIFICATION.authentication.retryable).toBe(false);
    expect(AUTH_ERROR_MESSAGES.rate_limited).toBe('Too many login attempts. Please wait a moment and try again.');
    expect(AUTH_ERROR_MESSAGES.account_disabled).toBe('Your account has been disabled. Please contact support.');
  });

  it('camera and socket', () => {
    expect(CAMERA_ERRORS.BROWSER_NOT_SUPPORTED.message).toBe('getUserMedia is not supported in this browser');
    expect(CAMERA_ERRORS.DEVICE_IN_USE.message).toBe(
      'Camera is already in use by another application. Please close other apps using the camera.',
    );
    expect(SOCKET_MESSAGES.INVALID_URL).toBe('WebSocket URL is required');
    expect(closeCodeMessage(1000)).toBeNull();
    expect(closeCodeMessage(1001)).toBeNull();
    expect(closeCodeMessage(1006)).toBe('Connection lost unexpectedly. The server may be unavailable.');
    expect(closeCodeMessage(1011)).toBe('Server encountered an error while processing the connection.');
    expect(closeCodeMessage(1012)).toBe('Server is restarting. Please wait and try again.');
    expect(closeCodeMessage(4999)).toContain('4999');
    // the product's own close codes say what happened, in the words of their error codes
    expect(closeCodeMessage(CLOSE_CODES.sessionRevoked)).toBe(ERROR_CODES.LIVE_SESSION_REVOKED.message);
    expect(closeCodeMessage(CLOSE_CODES.tooManySockets)).toBe(ERROR_CODES.LIVE_TOO_MANY_SOCKETS.message);
    expect(maxReconnectMessage(5)).toBe('Max reconnection attempts (5) reached.');
  });

  it('notifications and banner', () => {
    expect(NOTIFICATION_MESSAGES.loggedOut).toBe('You have been logged out.');
    expect(themeChangedMessage('Dark')).toBe('Theme changed to Dark');
    expect(OFFLINE_BANNER_TEXT).toBe('No internet connection. Some features may not work.');
  });

  it('every quoted text of spec section 8 that the product uses appears verbatim in SPEC.md', () => {
    const specPath = `${process.env.ASL_SHARED_DIR!}/SPEC.md`; // set by vitest.config.ts
    expect(existsSync(specPath), `SPEC.md expected at ${specPath}`).toBe(true);
    const spec = readFileSync(specPath, 'utf8');
    const quoted = [
      ...Object.values(LOGIN_MESSAGES),
      ...Object.values(REGISTRATION_MESSAGES),
      ...Object.values(SESSION_MESSAGES),
      ...Object.values(ERROR_CLASSIFICATION).map((c) => c.userMessage),
      CAMERA_ERRORS.PERMISSION_DENIED.message,
      CAMERA_ERRORS.NO_DEVICE_FOUND.message,
      CAMERA_ERRORS.ACCESS_INTERRUPTED.message,
      CAMERA_ERRORS.SECURITY_ERROR.message,
      SOCKET_MESSAGES.MESSAGE_PARSE_ERROR,
      SOCKET_MESSAGES.CONNECTION_ERROR_CONNECTING,
      SOCKET_MESSAGES.CONNECTION_ERROR_OPEN,
      SOCKET_MESSAGES.INVALID_FEEDBACK,
      SOCKET_MESSAGES.FRAME_SEND_ERROR,
      ...Object.values(NOTIFICATION_MESSAGES),
      OFFLINE_BANNER_TEXT,
    ];
    const missing = quoted.filter((t) => !spec.includes(t));
    expect(missing).toEqual([]);
  });
});

describe('error registry', () => {
  it('gives every code a status and a message', () => {
    for (const [code, def] of Object.entries(ERROR_CODES)) {
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.message.length, code).toBeGreaterThan(0);
    }
  });
  it('builds the error body with an optional field', () => {
    expect(errorBody('VALIDATION_ERROR', 'Email is required.', 'email')).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Email is required.', field: 'email' },
    });
    expect(errorBody('EMAIL_TAKEN').error.message).toBe(REGISTRATION_MESSAGES[409]);
  });
});
