import { PASSWORD_RULES } from '@asl/protocol';
import { useEffect, useState } from 'react';

type Checker = typeof import('@asl/protocol/password-check');

let loading: Promise<Checker> | null = null;
/** The blocklist (~40 KB gzip) loads only on the pages that set a password, never on sign-in. */
export const loadPasswordChecker = (): Promise<Checker> => (loading ??= import('@asl/protocol/password-check'));

export interface PasswordVerdict {
  /** Why the password would be refused (length, or common, trivial or personal), or null. */
  problem: string | null;
  /** 0 (refused or too short) to 4, null before the checker has loaded. */
  score: 0 | 1 | 2 | 3 | 4 | null;
  label: string | null;
}

export function lengthProblem(password: string): string | null {
  if (password.length < PASSWORD_RULES.min) return `Password must be at least ${PASSWORD_RULES.min} characters.`;
  if (password.length > PASSWORD_RULES.max) return `Password must be at most ${PASSWORD_RULES.max} characters.`;
  return null;
}

/**
 * The same verdict the server gives on a new password (its length, the common-password list,
 * trivial patterns, the learner's own username or email), and a strength hint, as the learner types.
 */
export function usePasswordCheck(
  password: string,
  context: { username?: string; email?: string } = {},
): PasswordVerdict {
  const [checker, setChecker] = useState<Checker | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordChecker().then(
      (m) => live && setChecker(m),
      () => undefined, // offline and never loaded: the server still checks
    );
    return () => {
      live = false;
    };
  }, []);
  const tooShort = lengthProblem(password);
  if (!checker) return { problem: tooShort, score: null, label: null };
  const found = checker.passwordProblem(password, context);
  const score = checker.passwordStrength(password, context);
  return {
    problem: tooShort ?? (found ? checker.PASSWORD_PROBLEM_MESSAGES[found] : null),
    score,
    label: checker.STRENGTH_LABELS[score],
  };
}
