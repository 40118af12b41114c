import { PASSWORD_RULES, SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notifications/notifications';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { changePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (next.length < PASSWORD_RULES.min) {
      setError(`Password must be at least ${PASSWORD_RULES.min} characters.`);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      notify('Your password has been changed. Other devices have been signed out.', 'success');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.passwordChangeFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="card" noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      {error && <Alert>{error}</Alert>}
      <Field
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={`At least ${PASSWORD_RULES.min} characters.`}
      />
      <button type="submit" className="button button-primary" disabled={saving}>
        Change password
      </button>
    </form>
  );
}
