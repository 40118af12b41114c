import { PASSWORD_PROBLEM_MESSAGES, passwordProblem, type PasswordContext } from '@asl/protocol/password-check';
import { AppError, errorEntry } from '../errors';

/**
 * Refuses a new password that is common, trivial or the account's own name (NIST 800-63B
 * blocklist; the list and the rules are shared with the browser in @asl/protocol/password-check):
 * 400 PASSWORD_TOO_COMMON naming the field, with the message of the problem found.
 */
export function assertPasswordAllowed(password: string, field: string, context: PasswordContext = {}): void {
  const problem = passwordProblem(password, context);
  if (!problem) return;
  const message = problem === 'common' ? errorEntry('PASSWORD_TOO_COMMON').message : PASSWORD_PROBLEM_MESSAGES[problem];
  throw new AppError('PASSWORD_TOO_COMMON', message, field);
}
