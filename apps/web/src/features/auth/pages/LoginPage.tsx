import { ACCOUNT_LOCKED_ADVICE, SESSION_MESSAGES } from '@asl/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { AuthCard } from '../components/AuthCard';

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  // a sign-up's error is not this page's: it starts clean
  const clearError = useRef(session.clearError);
  useEffect(() => clearError.current(), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (session.submitting) return;
    if (await session.login(identifier, password)) navigate(from, { replace: true });
  }

  async function onRetry() {
    if (await session.retryLogin()) navigate(from, { replace: true });
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to keep practising.">
      <form onSubmit={onSubmit} noValidate>
        {session.error && (
          <Alert>
            <p>{session.error}</p>
            {session.error === SESSION_MESSAGES.accountLocked && (
              <p>
                {ACCOUNT_LOCKED_ADVICE} <Link to="/forgot-password">Reset your password</Link> if you have forgotten it.
              </p>
            )}
            {session.retryAllowed && (
              <button type="button" className="button button-secondary" onClick={onRetry} disabled={session.submitting}>
                Try again
              </button>
            )}
          </Alert>
        )}
        <Field
          label="Email or username"
          name="identifier"
          autoComplete="username"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {/* aria-disabled while signing in: the button keeps the keyboard's focus */}
        <button
          type="submit"
          className="button button-primary button-block"
          aria-disabled={session.submitting || undefined}
        >
          {session.submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot your password?</Link>
        <span>
          New here? <Link to="/register">Create an account</Link>
        </span>
      </p>
    </AuthCard>
  );
}
