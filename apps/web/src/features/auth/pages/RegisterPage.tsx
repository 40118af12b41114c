import { PASSWORD_RULES, registerRequestSchema } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { AuthCard } from '../components/AuthCard';

type Errors = Partial<Record<'username' | 'email' | 'password' | 'confirm', string>>;

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ username: '', email: '', password: '', confirm: '', firstName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = registerRequestSchema.safeParse({
      username: form.username,
      email: form.email,
      password: form.password,
      firstName: form.firstName || undefined,
    });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Errors;
        next[k] ??= issue.message;
      }
    }
    if (form.password !== form.confirm) next.confirm = 'The passwords do not match.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const ok = await session.register({
      username: form.username,
      email: form.email,
      password: form.password,
      ...(form.firstName.trim() ? { firstName: form.firstName.trim() } : {}),
    });
    if (ok) navigate('/dashboard', { replace: true });
  }

  return (
    <AuthCard title="Create your account" subtitle="Practise fingerspelling with feedback on every handshape.">
      <form onSubmit={onSubmit} noValidate>
        {session.error && <Alert>{session.error}</Alert>}
        <Field
          label="First name (optional)"
          name="firstName"
          autoComplete="given-name"
          value={form.firstName}
          onChange={set('firstName')}
        />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={form.username}
          onChange={set('username')}
          error={errors.username}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_RULES.min} characters.`}
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <Field
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={session.submitting}>
          {session.submitting ? 'Creating account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-links">
        <span>
          Already have an account? <Link to="/login">Sign in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
