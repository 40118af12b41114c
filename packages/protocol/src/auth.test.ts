import { describe, expect, it } from 'vitest';
import { NAME_MAX, profileUpdateRequestSchema, registerRequestSchema } from './auth.js';

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
