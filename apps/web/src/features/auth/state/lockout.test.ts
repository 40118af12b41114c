import { describe, expect, it } from 'vitest';
import { clearAllAttempts, clearAttempts, isLockedOut, recordFailedAttempt } from './lockout';

describe('client lockout', () => {
  it('locks after 5 invalid-credential failures within 15 minutes, per email', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 4; i++) recordFailedAttempt('A@x.org', 'invalid_credentials', t0 + i);
    expect(isLockedOut('a@x.org', t0 + 10)).toBe(false);
    recordFailedAttempt('a@x.org ', 'invalid_credentials', t0 + 5);
    expect(isLockedOut('a@x.org', t0 + 10)).toBe(true);
    expect(isLockedOut('b@x.org', t0 + 10)).toBe(false);
    expect(isLockedOut('a@x.org', t0 + 900_001)).toBe(false);
  });
  it('ignores other failure kinds and clears on success', () => {
    for (let i = 0; i < 6; i++) recordFailedAttempt('c@x.org', 'network');
    expect(isLockedOut('c@x.org')).toBe(false);
    for (let i = 0; i < 5; i++) recordFailedAttempt('c@x.org', 'invalid_credentials');
    expect(isLockedOut('c@x.org')).toBe(true);
    clearAttempts('c@x.org');
    expect(isLockedOut('c@x.org')).toBe(false);
  });

  it('a password reset on this device ends every lockout kept here', () => {
    const t0 = 2_000_000;
    for (let i = 0; i < 5; i++) {
      recordFailedAttempt('c@x.org', 'invalid_credentials', t0 + i);
      recordFailedAttempt('someone', 'invalid_credentials', t0 + i);
    }
    expect(isLockedOut('c@x.org', t0 + 10) && isLockedOut('someone', t0 + 10)).toBe(true);
    clearAllAttempts();
    expect(isLockedOut('c@x.org', t0 + 10) || isLockedOut('someone', t0 + 10)).toBe(false);
  });
});
