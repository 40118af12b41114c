import { PASSWORD_RULES } from './auth';
import { COMMON_PASSWORDS } from './common-passwords';
import { PRODUCT_NAME } from './constants';

/**
 * The password blocklist of NIST SP 800-63B 5.1.1.2: a new password is refused when it is one
 * of the 10,000 most common passwords (or one of them with a few digits or symbols around it),
 * trivial (one character repeated, a short pattern repeated, a run such as 12345678 or abcdefgh,
 * only spaces), or the account's own username, email or the product's name. The server checks
 * every new password; the browser loads this module (and its list, ~40 KB gzip) only on the
 * pages that set a password, to show the same verdict while the learner types.
 */
export type PasswordProblem = 'common' | 'trivial' | 'personal';

export interface PasswordContext {
  username?: string | null | undefined;
  email?: string | null | undefined;
}

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  common: 'This is one of the most common passwords, so it is easy to guess. Choose another.',
  trivial: 'This password is a simple pattern, so it is easy to guess. Choose another.',
  personal: 'A password must not be your username, your email or the name of this site. Choose another.',
};

let blocklist: Set<string> | null = null;
const common = () => (blocklist ??= new Set(COMMON_PASSWORDS.split('\n')));

const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const alnum = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

function isTrivial(password: string): boolean {
  if (password.trim() === '') return true;
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size <= 2) return true;
  // one short unit repeated: abcabcabc, 123412341234
  for (let unit = 1; unit <= 4; unit++) {
    if (chars.length % unit === 0 && chars.length / unit >= 2) {
      const head = chars.slice(0, unit).join('');
      if (head.repeat(chars.length / unit) === chars.join('')) return true;
    }
  }
  // a run up or down: 12345678, abcdefgh, 98765432
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1]! === step);
}

function isCommon(password: string): boolean {
  const lower = password.toLowerCase().trim();
  if (common().has(lower)) return true;
  // a common word with a few digits or symbols before or after it: monkey123, !sunshine2024
  const core = /^[^a-z]{0,6}([a-z]+)[^a-z]{0,6}$/.exec(lower)?.[1];
  return !!core && core.length >= 4 && core !== lower && common().has(core);
}

function isPersonal(password: string, ctx: PasswordContext): boolean {
  const words = [ctx.username, ctx.email, ctx.email?.split('@')[0], PRODUCT_NAME]
    .filter((w): w is string => !!w)
    .flatMap((w) => [alnum(w), letters(w)])
    .filter((w) => w.length >= 3);
  const pw = alnum(password);
  const pwLetters = letters(password);
  const reversed = [...pw].reverse().join('');
  return words.some((w) => pw === w || reversed === w || (pwLetters.length >= 3 && pwLetters === w));
}

/** What makes a new password unacceptable beyond its length, or null when nothing does. */
export function passwordProblem(password: string, ctx: PasswordContext = {}): PasswordProblem | null {
  if (isTrivial(password)) return 'trivial';
  if (isPersonal(password, ctx)) return 'personal';
  if (isCommon(password)) return 'common';
  return null;
}

export type StrengthScore = 0 | 1 | 2 | 3 | 4;
export const STRENGTH_LABELS: Record<StrengthScore, string> = {
  0: 'Too easy to guess',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

/**
 * A strength hint for the learner (never a rule): 0 for a refused or too short password, else a
 * rough guessing estimate from the length and the kinds of characters used.
 */
export function passwordStrength(password: string, ctx: PasswordContext = {}): StrengthScore {
  if (password.length < PASSWORD_RULES.min || passwordProblem(password, ctx)) return 0;
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(password)) pool += 33;
  const distinct = new Set(password).size;
  const bits = Math.min(password.length, distinct * 2) * Math.log2(Math.max(pool, 2));
  return bits < 45 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4;
}
