import { SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-error';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { useFocusFirstInvalid } from '../../../lib/ui/focus-first-invalid';
import { resetPassword } from '../api/reset-password';
import { clearAllAttempts } from '../state/lockout';
import { AuthCard } from '../components/AuthCard';
import { PasswordHint } from '../password/PasswordHint';
import { usePasswordCheck } from '../password/use-password-check';

type Errors = Partial<Record<'password' | 'confirm', string>>;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'saving' | 'done' | 'error' | 'dead-link'>('idle');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { form, failed } = useFocusFirstInvalid();
  const verdict = usePasswordCheck(password);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (verdict.problem) next.password = verdict.problem;
    if (!confirm) next.confirm = 'Type the new password again to confirm it.';
    else if (password !== confirm) next.confirm = 'The passwords do not match.';
    setErrors(next);
    setState('idle');
    if (Object.keys(next).length > 0) {
      failed();
      return;
    }
    setState('saving');
    try {
      await resetPassword(token, password);
      clearAllAttempts();
      setState('done');
    } catch (err) {
      if (err instanceof ApiError && err.field === 'new_password') {
        setErrors({ password: err.message });
        failed();
        setState('idle');
        return;
      }
      setMessage(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.passwordResetFailed);
      // a link used, expired or garbled: no password saves with it, so the way on is a new link
      setState(err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID' ? 'dead-link' : 'error');
    }
  }

  if (!token || state === 'dead-link') {
    return (
      <AuthCard title="Choose a new password">
        <Alert>{token ? message : 'This reset link is incomplete. Ask for a new one.'}</Alert>
        <p className="auth-links">
          <Link to="/forgot-password">Ask for a new link</Link>
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {state === 'done' ? (
        <>
          <Alert kind="success">Your password has been reset. You can sign in now.</Alert>
          <p className="auth-links">
            <Link to="/login">Sign in</Link>
          </p>
        </>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate>
          {state === 'error' && <Alert>{message || SESSION_MESSAGES.passwordResetFailed}</Alert>}
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors(({ password: _, ...rest }) => rest);
            }}
            hint={<PasswordHint password={password} verdict={verdict} />}
            error={errors.password}
            required
          />
          <Field
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setErrors(({ confirm: _, ...rest }) => rest);
            }}
            error={errors.confirm}
            required
          />
          <button type="submit" className="button button-primary button-block" disabled={state === 'saving'}>
            Save new password
          </button>
        </form>
      )}
    </AuthCard>
  );
}
