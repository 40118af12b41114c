import { SESSION_MESSAGES } from '@asl/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-error';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { useFocusFirstInvalid } from '../../../lib/ui/focus-first-invalid';
import { checkResetToken } from '../api/check-reset-token';
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
  const [state, setState] = useState<'checking' | 'idle' | 'saving' | 'done' | 'error' | 'dead-link'>(
    token ? 'checking' : 'idle',
  );
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { form, failed } = useFocusFirstInvalid();
  const verdict = usePasswordCheck(password);

  // A link used or expired says so as the page opens, not after a new password was typed twice
  // (the learner review of 2026-11-28, second round); if the check cannot be made, the form shows.
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    checkResetToken(token, ctrl.signal).then(
      () => setState((s) => (s === 'checking' ? 'idle' : s)),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        if (err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID') {
          setMessage(err.message);
          setState('dead-link');
        } else setState((s) => (s === 'checking' ? 'idle' : s));
      },
    );
    return () => ctrl.abort();
  }, [token]);

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
      <AuthCard title="This reset link cannot be used">
        <Alert>{token ? message : 'This reset link is incomplete. Ask for a new one.'}</Alert>
        <p className="auth-links">
          <Link to="/forgot-password">Ask for a new link</Link>
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  if (state === 'checking') {
    return (
      <AuthCard title="Choose a new password">
        <p role="status" className="muted">
          Checking your link…
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={state === 'done' ? 'Password reset' : 'Choose a new password'}>
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
