import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_TOKENS_KEY } from '../../../lib/storage/keys';
import { deviceTokenFor, rememberDeviceToken, slotOf } from './device-token';

const user = (n: number) => ({
  id: `u${n}`,
  username: `learner${n}`,
  email: `learner${n}@example.org`,
  firstName: '',
  lastName: '',
  roles: [],
  permissions: [],
});

describe('device tokens kept by this browser', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token for the username and the email, found as typed in any case', () => {
    rememberDeviceToken({ device_token: 'tok-1', user: user(1) });
    expect(deviceTokenFor('learner1')).toBe('tok-1');
    expect(deviceTokenFor('  Learner1@Example.org ')).toBe('tok-1');
    expect(deviceTokenFor('learner2')).toBeUndefined();
    // the list does not show who signed in here
    expect(localStorage.getItem(DEVICE_TOKENS_KEY)).not.toContain('learner1');
  });

  it("keeps a few accounts, newest first, replacing an account's old token", () => {
    for (let n = 1; n <= 6; n++) rememberDeviceToken({ device_token: `tok-${n}`, user: user(n) });
    rememberDeviceToken({ device_token: 'tok-6b', user: user(6) });
    expect(deviceTokenFor('learner6')).toBe('tok-6b');
    expect(deviceTokenFor('learner2')).toBe('tok-2');
    expect(deviceTokenFor('learner1')).toBeUndefined(); // the oldest of six went
    // an answer without a token keeps what was there
    rememberDeviceToken({ user: user(2) });
    expect(deviceTokenFor('learner2')).toBe('tok-2');
  });

  it('hashes identifiers to fixed-length slots that tell them apart', () => {
    expect(slotOf('ada')).toMatch(/^[0-9a-f]{16}$/);
    expect(slotOf('ada')).not.toBe(slotOf('adb'));
    expect(slotOf('ab')).not.toBe(slotOf('ba'));
  });
});
