import { PASSWORD_RULES } from '@asl/protocol';
import type { PasswordVerdict } from './use-password-check';
import './password.css';

const ADVICE = `Use at least ${PASSWORD_RULES.min} characters. A few unrelated words make a strong password.`;

/**
 * The hint under a new-password field: advice while it is empty, then the strength in words with
 * a small meter, and the reason when the password would be refused. Announced politely.
 */
export function PasswordHint({ password, verdict }: { password: string; verdict: PasswordVerdict }) {
  const score = verdict.score ?? 0;
  const refused = password.length > 0 && verdict.problem !== null;
  return (
    <div className="password-hint" aria-live="polite">
      {password.length === 0 ? (
        <span>{ADVICE}</span>
      ) : (
        <>
          <span className="strength-meter" data-score={refused ? 0 : score} aria-hidden="true">
            {[1, 2, 3, 4].map((i) => (
              <span key={i} className={i <= (refused ? 1 : score) ? 'on' : ''} />
            ))}
          </span>
          <span className={refused ? 'strength-text refused' : 'strength-text'}>
            {refused ? verdict.problem : verdict.label ? `Strength: ${verdict.label}` : ''}
          </span>
        </>
      )}
    </div>
  );
}
