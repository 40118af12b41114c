import { SAME_PASSWORD_MESSAGE, SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notifications/notifications';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { WaitingForConnection } from '../../../lib/ui/WaitingForConnection';
import { useFocusFirstInvalid } from '../../../lib/ui/focus-first-invalid';
import { changePassword } from '../api/change-password';
import { PasswordHint } from '../password/PasswordHint';
import { usePasswordCheck } from '../password/use-password-check';

type Errors = Partial<Record<'current' | 'next' | 'confirm', string>>;

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { form, failed } = useFocusFirstInvalid();
  const { user } = useSession();
  const verdict = usePasswordCheck(next, { username: user?.username, email: user?.email });

  function fail(found: Errors) {
    setErrors(found);
    failed();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setError(null);
    const found: Errors = {};
    if (!current) found.current = 'Enter your current password.';
    if (verdict.problem) found.next = verdict.problem;
    else if (next === current) found.next = SAME_PASSWORD_MESSAGE;
    // typed twice, as on registration and reset: a typo here would sign out every other device
    // and leave the learner without a password they know
    if (!confirm) found.confirm = 'Type the new password again to confirm it.';
    else if (confirm !== next) found.confirm = 'The passwords do not match.';
    if (Object.keys(found).length > 0) return fail(found);
    setErrors({});
    setSaving(true);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      notify('Your password has been changed. Other devices have been signed out.', 'success');
    } catch (err) {
      if (err instanceof ApiError && err.field === 'current_password') fail({ current: err.message });
      else if (err instanceof ApiError && err.field === 'new_password') fail({ next: err.message });
      else setError(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.passwordChangeFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={form} onSubmit={onSubmit} className="card" noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      {error && <Alert>{error}</Alert>}
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          setErrors(({ current: _, ...rest }) => rest);
        }}
        error={errors.current}
      />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => {
          setNext(e.target.value);
          setErrors(({ next: _, ...rest }) => rest);
        }}
        hint={<PasswordHint password={next} verdict={verdict} />}
        error={errors.next}
      />
      <Field
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setErrors(({ confirm: _, ...rest }) => rest);
        }}
        error={errors.confirm}
      />
      <button type="submit" className="button button-primary" aria-disabled={saving || undefined}>
        Change password
      </button>
      <WaitingForConnection pending={saving} />
    </form>
  );
}
