import { NAME_MAX, registerRequestSchema } from '@asl/protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { fieldErrors } from '../../../lib/ui/field-errors';
import { useFocusFirstInvalid } from '../../../lib/ui/focus-first-invalid';
import { AuthCard } from '../components/AuthCard';
import { PasswordHint } from '../password/PasswordHint';
import { usePasswordCheck } from '../password/use-password-check';

type Errors = Partial<Record<'firstName' | 'username' | 'email' | 'password' | 'confirm', string>>;

export function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  // after a failed submit, focus goes to the first field marked invalid
  const { form, failed } = useFocusFirstInvalid();
  const [values, setValues] = useState({ username: '', email: '', password: '', confirm: '', firstName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const verdict = usePasswordCheck(values.password, { username: values.username, email: values.email });
  // Editing a field clears its error, so its live hint shows again.
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [k]: e.target.value });
    if (k in errors) setErrors(({ [k as keyof Errors]: _, ...rest }) => rest);
  };

  // a sign-in's error is not this page's: it starts clean
  const clearError = useRef(session.clearError);
  useEffect(() => clearError.current(), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (session.submitting) return;
    const parsed = registerRequestSchema.safeParse({
      username: values.username,
      email: values.email,
      password: values.password,
      firstName: values.firstName || undefined,
    });
    const next = fieldErrors<keyof Errors>(parsed);
    if (!next.password && verdict.problem) next.password = verdict.problem;
    if (!values.confirm) next.confirm = 'Type the password again to confirm it.';
    else if (values.password !== values.confirm) next.confirm = 'The passwords do not match.';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      failed();
      return;
    }
    const ok = await session.register({
      username: values.username,
      email: values.email,
      password: values.password,
      ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
    });
    if (ok) navigate('/dashboard', { replace: true });
  }

  return (
    <AuthCard title="Create your account" subtitle="Practise fingerspelling with feedback on every handshape.">
      <form ref={form} onSubmit={onSubmit} noValidate>
        {session.error && <Alert>{session.error}</Alert>}
        <Field
          label="First name (optional)"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          maxLength={NAME_MAX}
          error={errors.firstName}
        />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={set('username')}
          error={errors.username}
          required
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordHint password={values.password} verdict={verdict} />}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
        />
        <Field
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <button
          type="submit"
          className="button button-primary button-block"
          aria-disabled={session.submitting || undefined}
        >
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
