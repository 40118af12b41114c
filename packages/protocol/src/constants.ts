/**
 * Business constants and limits of SPEC.md section 9, as named exports.
 * Every value here is a requirement; constants.test.ts pins them to the spec.
 */

export const PRODUCT_NAME = 'SignSpeak';

/** Letters one drill practises: a story's result names at most these, and its drill has them. */
export const DRILL_MAX_LETTERS = 3;

export const API_BASE_PATH = '/api/v1';
export const LIVE_PATH = '/ws/video';

// Authentication
export const TOKEN_REFRESH_INTERVAL_MS = 900_000;
export const MAX_AUTH_RETRIES = 3;
export const AUTH_INIT_TIMEOUT_MS = 15_000;
export const MAX_LOGIN_ATTEMPTS = 5;
export const LOGIN_ATTEMPT_WINDOW_MS = 900_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;

// Generic request retry
export const GENERIC_RETRY = { maxRetries: 3, baseDelayMs: 1000, multiplier: 2 } as const;
export const LOGIN_HANDLER_RETRY = { maxRetries: 2, baseDelayMs: 2000, multiplier: 2 } as const;

// Notifications
export const NOTIFICATION_DEFAULT_DURATION_MS = 5000;

// Camera and capture
export const CAMERA_REQUEST = {
  width: 640,
  height: 480,
  frameRate: 30,
  facingMode: 'user',
  audio: false,
} as const;
export const CAPTURED_FRAME = { width: 320, height: 240, mimeType: 'image/jpeg' } as const;
export const JPEG_QUALITY_FLOOR = 0.7;
export const JPEG_QUALITY_CAPABILITY_FACTOR = 0.85;
/** JPEG quality: the larger of 0.7 and 0.85 times processing capability. */
export function jpegQuality(processingCapability: number): number {
  return Math.max(JPEG_QUALITY_FLOOR, JPEG_QUALITY_CAPABILITY_FACTOR * processingCapability);
}
export const TARGET_FPS = 30;
export const ADAPTIVE_FPS_FLOOR = 10;
export const CAPABILITY_LOWER_THRESHOLD = 0.8;
export const CAPABILITY_RAISE_THRESHOLD = 0.95;
export const ADAPTIVE_FPS_RAISE_STEP = 2;
export const STATS_REFRESH_MS = 1000;
export const PROCESSING_TIMES_KEPT = 30;

// Live connection
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY = { initialMs: 500, multiplier: 2, maxMs: 30_000 } as const;
export const SEND_THROTTLE_MS = 50;
export const PING_INTERVAL_MS = 10_000;
export const AUTO_CONNECT = true;
export const MESSAGE_HISTORY_LIMIT = 100;
export const UPTIME_UPDATE_MS = 1000;
export const MANUAL_RECONNECT_WAIT_MS = 100;
export const CRITICAL_RECONNECT_DELAY_MS = 2000;
export const AUTO_START_DELAY_MS = 1000;

// Layout
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const FONT_SIZES_PX = { small: 14, medium: 16, large: 18, xlarge: 20 } as const;
export const VIDEO_QUALITY_BY_DEVICE = { mobile: 'medium', tablet: 'high', desktop: 'ultra' } as const;
export const MOBILE_NAV_MAX_MODULES = 5;

// Loading and routing
export const LOADING_TIMEOUT_MS = 10_000;
export const ROUTE_TRANSITION_FINISH_MS = 100;
export const ROUTE_TRANSITION_WARNING_MS = 1000;
export const ROUTE_TRANSITIONS_KEPT = 50;
export const MEMORY_WARNING_MB = 100;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PRELOAD_DELAY_MS = 3000;

// Error boundaries
export const ERROR_BOUNDARY_MAX_RETRIES = 3;
export const COMPONENT_RELOAD_AFTER_RESETS = 2;
export const NETWORK_BOUNDARY_DELAYS_MS = [1000, 2000, 4000] as const;
export const CHUNK_RELOAD_DELAY_MS = 1000;

// Monitoring (development only)
export const MONITORING = {
  memoryLeakCheckMs: 30_000,
  performanceReportMs: 60_000,
  memorySamplingMs: 5000,
} as const;
export const PERF_TESTS = {
  memoryLeakTestMs: 30_000,
  memoryLeakTestInSuiteMs: 20_000,
  routeSwitchIntervalMs: 2000,
  routes: ['dashboard', 'asl-world', 'harmony', 'reconnect'],
  successRateFlagBelow: 80,
  memoryGrowthHighAbove: 100,
  memoryGrowthMediumAbove: 50,
} as const;

/** Health grade by issue count: 0 excellent, up to 2 good, up to 4 fair, otherwise poor. */
export function healthGrade(issueCount: number): 'excellent' | 'good' | 'fair' | 'poor' {
  if (issueCount <= 0) return 'excellent';
  if (issueCount <= 2) return 'good';
  if (issueCount <= 4) return 'fair';
  return 'poor';
}

// Server-side frame limits (ARCHITECTURE.md, recognition pipeline)
export const MAX_FRAME_BYTES = 256 * 1024;
export const MAX_FRAME_DIMENSION = 1920;
/**
 * At most this many pixels in a live frame (the app sends 320x240): decoding is paid per pixel
 * whatever the file size, and a 1920x1920 frame costs a worker about half a second.
 */
export const MAX_FRAME_PIXELS = 1280 * 720;
export const KEEPALIVE_AFTER_SILENCE_MS = 60_000;
export const MAX_CONSECUTIVE_BAD_MESSAGES = 10;
