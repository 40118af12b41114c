import { PASSWORD_RULES, SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/AuthCard';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'idle' | 'saving' | 'done' | 'error'>('idle');
  const [message, setMessage] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_RULES.min) {
      setMessage(`Password must be at least ${PASSWORD_RULES.min} characters.`);
      setState('error');
      return;
    }
    if (password !== confirm) {
      setMessage('The passwords do not match.');
      setState('error');
      return;
    }
    setState('saving');
    try {
      await resetPassword(token, password);
      setState('done');
    } catch (err) {
      setMessage(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.passwordResetFailed);
      setState('error');
    }
  }

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert>This reset link is incomplete. Ask for a new one.</Alert>
        <p className="auth-links">
          <Link to="/forgot-password">Ask for a new link</Link>
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
        <form onSubmit={onSubmit} noValidate>
          {state === 'error' && <Alert>{message || SESSION_MESSAGES.passwordResetFailed}</Alert>}
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={`At least ${PASSWORD_RULES.min} characters.`}
            required
          />
          <Field
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
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
