/**
 * Every user-facing text of SPEC.md section 8, verbatim. The client and the server
 * both take their words from here; messages.test.ts pins them to the spec.
 */

export const LOGIN_MESSAGES = {
  401: 'Invalid email or password. Please check your credentials and try again.',
  429: 'Too many login attempts. Please wait a moment before trying again.',
  serverError: 'Server temporarily unavailable. Please try again in a moment.',
  400: 'Invalid login request. Please check your input.',
  default: 'Login failed',
} as const;

export const REGISTRATION_MESSAGES = {
  409: 'An account with this email already exists. Please use a different email or try logging in.',
  400: 'Invalid registration data. Please check your input.',
  429: 'Too many registration attempts. Please wait a moment before trying again.',
  default: 'Registration failed',
} as const;

export const SESSION_MESSAGES = {
  networkFailure: 'Unable to connect to server. Please check your internet connection.',
  networkFailureAuthState: 'Connection failed. Please check your internet connection and try again.',
  sessionExpired: 'Session expired. Please log in again.',
  passwordResetRequestFailed: 'Password reset request failed',
  passwordResetFailed: 'Password reset failed',
  profileUpdateFailed: 'Profile update failed',
  passwordChangeFailed: 'Password change failed',
  maxRetryAttempts: 'Maximum retry attempts reached',
  invalidRetryType: 'Invalid retry attempt type',
  accountLocked: 'Account temporarily locked due to multiple failed attempts',
} as const;

export type ErrorKind =
  | 'network'
  | 'timeout'
  | 'chunk_load'
  | 'authentication'
  | 'permission'
  | 'validation'
  | 'client'
  | 'server'
  | 'unknown';
export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface ErrorClassification {
  kind: ErrorKind;
  severity: Severity;
  retryable: boolean;
  userMessage: string;
}

/** The classification table of section 8 ("by message text or status"). */
export const ERROR_CLASSIFICATION: Record<ErrorKind, ErrorClassification> = {
  network: {
    kind: 'network',
    severity: 'high',
    retryable: true,
    userMessage: 'Connection failed. Please check your internet connection and try again.',
  },
  timeout: {
    kind: 'timeout',
    severity: 'medium',
    retryable: true,
    userMessage: 'Request timed out. The server is taking too long to respond.',
  },
  chunk_load: {
    kind: 'chunk_load',
    severity: 'medium',
    retryable: true,
    userMessage: 'Failed to load application resources. Please refresh the page.',
  },
  authentication: {
    kind: 'authentication',
    severity: 'high',
    retryable: false,
    userMessage: 'Your session has expired. Please sign in again.',
  },
  permission: {
    kind: 'permission',
    severity: 'medium',
    retryable: false,
    userMessage: "You don't have permission to access this resource.",
  },
  validation: {
    kind: 'validation',
    severity: 'low',
    retryable: false,
    userMessage: 'Please check your input and try again.',
  },
  client: {
    kind: 'client',
    severity: 'low',
    retryable: false,
    userMessage: 'There was a problem with your request.',
  },
  server: {
    kind: 'server',
    severity: 'high',
    retryable: true,
    userMessage: 'Server error. Please try again in a moment.',
  },
  unknown: {
    kind: 'unknown',
    severity: 'medium',
    retryable: false,
    userMessage: 'An unexpected error occurred. Please try again.',
  },
};

export type AuthErrorType =
  | 'invalid_credentials'
  | 'session_expired'
  | 'token_invalid'
  | 'account_locked'
  | 'account_disabled'
  | 'email_not_verified'
  | 'password_expired'
  | 'mfa_required'
  | 'rate_limited'
  | 'network_error'
  | 'server_error';

export const AUTH_ERROR_MESSAGES: Record<AuthErrorType, string> = {
  invalid_credentials: 'Invalid email or password. Please check your credentials and try again.',
  session_expired: 'Your session has expired. Please sign in again.',
  token_invalid: 'Authentication token is invalid. Please sign in again.',
  account_locked: 'Account temporarily locked due to multiple failed attempts.',
  account_disabled: 'Your account has been disabled. Please contact support.',
  email_not_verified: 'Please verify your email address before signing in.',
  password_expired: 'Your password has expired. Please reset it to continue.',
  mfa_required: 'Additional verification is required to sign in.',
  rate_limited: 'Too many login attempts. Please wait a moment and try again.',
  network_error: 'Connection failed. Please check your internet connection and try again.',
  server_error: 'Server temporarily unavailable. Please try again in a moment.',
};
export const ACCOUNT_LOCKED_ADVICE = 'Please wait 15-30 minutes before trying again.';

export type CameraErrorType =
  | 'BROWSER_NOT_SUPPORTED'
  | 'PERMISSION_DENIED'
  | 'NO_DEVICE_FOUND'
  | 'DEVICE_IN_USE'
  | 'OVERCONSTRAINED'
  | 'CONSTRAINTS_NOT_SUPPORTED'
  | 'ACCESS_INTERRUPTED'
  | 'SECURITY_ERROR'
  | 'UNKNOWN_ERROR';

export const CAMERA_ERRORS: Record<CameraErrorType, { message: string; userAction: string }> = {
  BROWSER_NOT_SUPPORTED: {
    message: 'getUserMedia is not supported in this browser',
    userAction: 'Use a current version of Chrome, Edge, Firefox or Safari.',
  },
  PERMISSION_DENIED: {
    message: 'Camera access denied. Please allow camera permissions in your browser settings and refresh the page.',
    userAction: 'Allow camera access in the address bar, then refresh the page.',
  },
  NO_DEVICE_FOUND: {
    message: 'No camera device found. Please connect a camera and try again.',
    userAction: 'Check that it is plugged in and switched on, or choose another camera below, then press Start camera.',
  },
  DEVICE_IN_USE: {
    message: 'Camera is already in use by another application. Please close other apps using the camera.',
    userAction: 'Close other apps or tabs using the camera, then try again.',
  },
  OVERCONSTRAINED: {
    message: 'The camera does not support the requested settings. Retrying with default settings.',
    userAction: 'Wait a moment while the camera restarts.',
  },
  CONSTRAINTS_NOT_SUPPORTED: {
    message: 'The camera does not support the required video settings.',
    userAction: 'Try another camera.',
  },
  ACCESS_INTERRUPTED: {
    message: 'Camera access was interrupted. Please try again.',
    userAction: 'Check that the camera is still connected, then press Start camera.',
  },
  SECURITY_ERROR: {
    message: 'Camera access blocked by security policy. Please check browser settings.',
    userAction: 'Open the site over HTTPS or localhost and check your browser settings.',
  },
  UNKNOWN_ERROR: {
    message: 'An unknown camera error occurred. Please try again.',
    userAction: 'Try again, or restart your browser.',
  },
};

export type SocketErrorType =
  | 'SERVER_ERROR'
  | 'CRITICAL_ERROR'
  | 'MESSAGE_PARSE_ERROR'
  | 'INVALID_URL'
  | 'CONNECTION_CREATION_ERROR'
  | 'MESSAGE_SEND_ERROR'
  | 'CONNECTION_ERROR'
  | 'CONNECTION_CLOSED'
  | 'MAX_RECONNECT_ATTEMPTS'
  | 'INVALID_FEEDBACK';

export const SOCKET_MESSAGES = {
  MESSAGE_PARSE_ERROR: 'Invalid message format received',
  INVALID_URL: 'WebSocket URL is required',
  CONNECTION_CREATION_ERROR: 'Failed to create the connection to the server.',
  MESSAGE_SEND_ERROR: 'Failed to send message',
  FRAME_SEND_ERROR: 'Failed to send frame',
  CONNECTION_ERROR_CONNECTING: 'Failed to connect to server. Please check if the backend is running.',
  CONNECTION_ERROR_OPEN: 'Connection error during communication. The connection may be unstable.',
  INVALID_FEEDBACK: 'Received invalid feedback data from server',
} as const;

/** The product's own session texts (not in the spec, so not in SESSION_MESSAGES). */
export const OWN_SESSION_MESSAGES = {
  /** this tab follows a sign-out in another tab */
  signedOutElsewhere: 'You signed out in another tab.',
  /** the story this tab practised was stopped, restarted or finished elsewhere */
  sessionEndedElsewhere: 'This story was ended in another tab or on another device, so practice here stopped.',
  /** the story this tab practised was taken up in another tab (one tab practises a story at a time) */
  sessionTakenUpElsewhere: 'This story was opened in another tab or on another device, so practice here stopped.',
} as const;

/** Close-code texts; null means the close is silent. */
/** The product's own close codes (not in the spec): the texts of their error codes too. */
export const LIVE_CLOSE_MESSAGES = {
  sessionRevoked: 'You have been signed out. Please sign in again.',
  tooManySockets: 'Live practice is open in too many places; this one was closed.',
} as const;

export function closeCodeMessage(code: number): string | null {
  switch (code) {
    case 1000:
    case 1001:
      return null;
    case 1006:
      return 'Connection lost unexpectedly. The server may be unavailable.';
    case 1011:
      return 'Server encountered an error while processing the connection.';
    case 1012:
      return 'Server is restarting. Please wait and try again.';
    case 1013: // CLOSE_CODES.tryAgainLater
      return 'Too many live connections from your network right now. Please try again in a moment.';
    case 4001: // CLOSE_CODES.sessionRevoked
      return LIVE_CLOSE_MESSAGES.sessionRevoked;
    case 4002: // CLOSE_CODES.tooManySockets
      return LIVE_CLOSE_MESSAGES.tooManySockets;
    default:
      return `Connection closed unexpectedly (code ${code}).`;
  }
}

export function maxReconnectMessage(attempts: number): string {
  return `Max reconnection attempts (${attempts}) reached.`;
}

export const NOTIFICATION_MESSAGES = {
  loggedOut: 'You have been logged out.',
  logoutFailed: 'Logout failed.',
  accessibilityUpdated: 'Accessibility settings updated',
} as const;
export function themeChangedMessage(themeName: string): string {
  return `Theme changed to ${themeName}`;
}

export const OFFLINE_BANNER_TEXT = 'No internet connection. Some features may not work.';
