import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('spec section 9 constants', () => {
  it('auth and retry values', () => {
    expect(c.TOKEN_REFRESH_INTERVAL_MS).toBe(900000);
    expect(c.MAX_AUTH_RETRIES).toBe(3);
    expect(c.GENERIC_RETRY).toEqual({ maxRetries: 3, baseDelayMs: 1000, multiplier: 2 });
    expect(c.LOGIN_HANDLER_RETRY.maxRetries).toBe(2);
    expect(c.LOGIN_HANDLER_RETRY.baseDelayMs).toBe(2000);
    expect(c.MAX_LOGIN_ATTEMPTS).toBe(5);
    expect(c.LOGIN_ATTEMPT_WINDOW_MS).toBe(900000);
    expect(c.AUTH_INIT_TIMEOUT_MS).toBe(15000);
    expect(c.NOTIFICATION_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('camera, capture and pacing', () => {
    expect(c.CAMERA_REQUEST).toEqual({ width: 640, height: 480, frameRate: 30, facingMode: 'user', audio: false });
    expect(c.CAPTURED_FRAME).toMatchObject({ width: 320, height: 240, mimeType: 'image/jpeg' });
    expect(c.jpegQuality(0.5)).toBe(0.7);
    expect(c.jpegQuality(1)).toBeCloseTo(0.85);
    expect(c.TARGET_FPS).toBe(30);
    expect(c.ADAPTIVE_FPS_FLOOR).toBe(10);
    expect(c.CAPABILITY_LOWER_THRESHOLD).toBe(0.8);
    expect(c.CAPABILITY_RAISE_THRESHOLD).toBe(0.95);
    expect(c.ADAPTIVE_FPS_RAISE_STEP).toBe(2);
    expect(c.STATS_REFRESH_MS).toBe(1000);
    expect(c.PROCESSING_TIMES_KEPT).toBe(30);
  });

  it('live connection', () => {
    expect(c.SOCKET_RECONNECT_ATTEMPTS).toBe(5);
    expect(c.RECONNECT_DELAY).toEqual({ initialMs: 500, multiplier: 2, maxMs: 30000 });
    expect(c.SEND_THROTTLE_MS).toBe(50);
    expect(c.PING_INTERVAL_MS).toBe(10000);
    expect(c.AUTO_CONNECT).toBe(true);
    expect(c.MESSAGE_HISTORY_LIMIT).toBe(100);
    expect(c.UPTIME_UPDATE_MS).toBe(1000);
    expect(c.MANUAL_RECONNECT_WAIT_MS).toBe(100);
    expect(c.CRITICAL_RECONNECT_DELAY_MS).toBe(2000);
  });

  it('layout, loading and monitoring', () => {
    expect(c.BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
    expect(c.FONT_SIZES_PX).toEqual({ small: 14, medium: 16, large: 18, xlarge: 20 });
    expect(c.VIDEO_QUALITY_BY_DEVICE).toEqual({ mobile: 'medium', tablet: 'high', desktop: 'ultra' });
    expect(c.LOADING_TIMEOUT_MS).toBe(10000);
    expect(c.ROUTE_TRANSITION_WARNING_MS).toBe(1000);
    expect(c.ROUTE_TRANSITIONS_KEPT).toBe(50);
    expect(c.ROUTE_TRANSITION_FINISH_MS).toBe(100);
    expect(c.MEMORY_WARNING_MB).toBe(100);
    expect(c.CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(c.PRELOAD_DELAY_MS).toBe(3000);
    expect(c.MOBILE_NAV_MAX_MODULES).toBe(5);
    expect(c.ERROR_BOUNDARY_MAX_RETRIES).toBe(3);
    expect(c.COMPONENT_RELOAD_AFTER_RESETS).toBe(2);
    expect(c.MONITORING).toEqual({ memoryLeakCheckMs: 30000, performanceReportMs: 60000, memorySamplingMs: 5000 });
    expect(c.PERF_TESTS.memoryLeakTestMs).toBe(30000);
    expect(c.PERF_TESTS.memoryLeakTestInSuiteMs).toBe(20000);
    expect(c.PERF_TESTS.routeSwitchIntervalMs).toBe(2000);
    expect(c.PERF_TESTS.routes).toEqual(['dashboard', 'asl-world', 'harmony', 'reconnect']);
  });

  it('health grade by issue count', () => {
    expect([0, 1, 2, 3, 4, 5].map(c.healthGrade)).toEqual(['excellent', 'good', 'good', 'fair', 'fair', 'poor']);
  });
});
