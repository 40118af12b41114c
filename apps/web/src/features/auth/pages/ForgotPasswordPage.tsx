import { SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { forgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/AuthCard';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [message, setMessage] = useState('');

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setState('sending');
    try {
      const res = await forgotPassword(email);
      setMessage(res.message ?? 'Check your email for a link to reset your password.');
      setState('sent');
    } catch (err) {
      setMessage(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.passwordResetRequestFailed);
      setState('error');
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="We will email you a link that works for 30 minutes.">
      {state === 'sent' ? (
        <Alert kind="success">{message}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {state === 'error' && <Alert>{message || SESSION_MESSAGES.passwordResetRequestFailed}</Alert>}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <button type="submit" className="button button-primary button-block" disabled={state === 'sending'}>
            Send reset link
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
