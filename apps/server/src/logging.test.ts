import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('removes tokens from query strings', () => {
    expect(redactUrl('/ws/video?token=abc.def.ghi')).toBe('/ws/video?token=[REDACTED]');
    expect(redactUrl('/x?a=1&refresh_token=zzz&b=2')).toBe('/x?a=1&refresh_token=[REDACTED]&b=2');
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
