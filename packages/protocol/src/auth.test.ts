import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  NAME_MAX,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from './auth.js';

describe('names in registration and the profile', () => {
  it('say which name is too long, in words a learner reads', () => {
    const long = 'M'.repeat(NAME_MAX + 1);
    const profile = profileUpdateRequestSchema.safeParse({ firstName: long, lastName: long });
    expect(profile.success).toBe(false);
    expect(profile.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['firstName', 'First name must be at most 64 characters.'],
      ['lastName', 'Last name must be at most 64 characters.'],
    ]);
    const reg = registerRequestSchema.safeParse({
      username: 'robin_signs',
      email: 'robin@example.org',
      password: 'fingers-spell-words',
      firstName: long,
    });
    expect(reg.error!.issues[0]!.message).toBe('First name must be at most 64 characters.');
  });

  it('take 64 characters, trimmed', () => {
    expect(profileUpdateRequestSchema.parse({ firstName: ` ${'M'.repeat(NAME_MAX)} ` }).firstName).toHaveLength(64);
  });
});

describe('sign-in, token and password fields', () => {
  const message = (schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } }, v: unknown) =>
    schema.safeParse(v).error?.issues[0]?.message;

  it('say a field is missing, not text, or too long, each as it is', () => {
    expect(message(loginRequestSchema, { password: 'x' })).toBe('Email or username is required.');
    expect(message(loginRequestSchema, { identifier: 42, password: 'x' })).toBe('Email or username must be text.');
    expect(message(loginRequestSchema, { identifier: 'a'.repeat(255), password: 'x' })).toBe(
      'Email or username must be at most 254 characters.',
    );
    expect(message(loginRequestSchema, { identifier: 'robin', password: 'p'.repeat(129) })).toBe(
      'Password must be at most 128 characters.',
    );
    expect(message(refreshRequestSchema, { refresh_token: 't'.repeat(513) })).toBe(
      'Refresh token must be at most 512 characters.',
    );
    expect(message(refreshRequestSchema, {})).toBe('Refresh token is required.');
    expect(message(resetPasswordRequestSchema, { token: 't'.repeat(513), new_password: 'fresh-password-1' })).toBe(
      'Reset token must be at most 512 characters.',
    );
    expect(message(resetPasswordRequestSchema, { token: ['t'], new_password: 'fresh-password-1' })).toBe(
      'Reset token must be text.',
    );
    expect(
      message(changePasswordRequestSchema, { current_password: 'c'.repeat(129), new_password: 'n-password-1' }),
    ).toBe('Current password must be at most 128 characters.');
    expect(message(registerRequestSchema, { username: 7, email: 'r@example.org', password: 'p-password-1' })).toBe(
      'Username must be text.',
    );
  });
});
