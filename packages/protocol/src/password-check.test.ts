import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { passwordProblem, passwordStrength } from './password-check';

const robin = { username: 'robin_signs', email: 'Robin.Signs@example.org' };

describe('password blocklist (NIST 800-63B)', () => {
  it('holds the 10,000 most common passwords, lowercased, most common first', () => {
    const list = COMMON_PASSWORDS.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses the passwords of the issue: password, 12345678, the username, eight spaces', () => {
    expect(passwordProblem('password')).toBe('common');
    expect(passwordProblem('PassWord')).toBe('common');
    expect(passwordProblem('12345678')).toBe('trivial');
    expect(passwordProblem('        ')).toBe('trivial');
    expect(passwordProblem('robin_signs', robin)).toBe('personal');
  });

  it('refuses common words with a few digits or symbols around them, patterns and personal words', () => {
    for (const p of ['sunshine2024!', 'monkey1234', 'iloveyou', 'qwertyuiop', 'baseball'])
      expect(passwordProblem(p), p).toBe('common');
    for (const p of ['aaaaaaaa', 'abababab', 'abcabcabc', 'abcdefgh', '98765432', '\t \t \t \t'])
      expect(passwordProblem(p), p).toBe('trivial');
    for (const p of ['Robin.Signs', 'robinsigns2024', 'sngisnibor', 'robin.signs@example.org', 'SignSpeak1!'])
      expect(passwordProblem(p, robin), p).toBe('personal');
  });

  it('accepts ordinary passwords and passphrases', () => {
    for (const p of ['fingerspell-123', 'a-brand-new-one', 'correct horse battery staple', 'Robin likes otters'])
      expect(passwordProblem(p, robin), p).toBeNull();
  });

  it('rates strength from 0 (refused or short) to 4', () => {
    expect(passwordStrength('password')).toBe(0);
    expect(passwordStrength('short')).toBe(0);
    expect(passwordStrength('hdkeuwpq')).toBe(1);
    expect(passwordStrength('fingerspell-123')).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('correct horse battery staple')).toBe(4);
  });
});
