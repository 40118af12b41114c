import { NAME_MAX, profileUpdateRequestSchema, SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notifications/notifications';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
import { fieldErrors } from '../../../lib/ui/field-errors';
import { useFocusFirstInvalid } from '../../../lib/ui/focus-first-invalid';
import { WaitingForConnection } from '../../../lib/ui/WaitingForConnection';
import { updateProfile } from '../api/update-profile';

export function ProfilePage() {
  const session = useSession();
  const user = session.user;
  const [form, setForm] = useState({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    username: user?.username ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [saving, setSaving] = useState(false);
  // after a failed save, focus goes to the first field marked invalid (its error is read with it)
  const { form: formRef, failed } = useFocusFirstInvalid();
  const edit = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.target.value });
    setErrors(({ [k]: _, ...rest }) => rest);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    // each field's problem beside it, before anything is sent
    const next = fieldErrors<keyof typeof form>(profileUpdateRequestSchema.safeParse(form));
    setErrors(next);
    if (Object.keys(next).length > 0) return failed();
    setSaving(true);
    setError(null);
    try {
      const saved = await updateProfile(form);
      session.setUser(saved);
      // the fields show what was saved (the server trims names: "  Robin " is saved as "Robin")
      setForm({ firstName: saved.firstName, lastName: saved.lastName, username: saved.username });
      notify('Profile saved', 'success');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : SESSION_MESSAGES.profileUpdateFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="page narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <p className="muted">{user?.email}</p>
      <form ref={formRef} onSubmit={onSubmit} className="card" noValidate>
        {error && <Alert>{error}</Alert>}
        <Field
          label="First name"
          name="firstName"
          value={form.firstName}
          onChange={edit('firstName')}
          maxLength={NAME_MAX}
          error={errors.firstName}
        />
        <Field
          label="Last name"
          name="lastName"
          value={form.lastName}
          onChange={edit('lastName')}
          maxLength={NAME_MAX}
          error={errors.lastName}
        />
        <Field
          label="Username"
          name="username"
          value={form.username}
          onChange={edit('username')}
          error={errors.username}
        />
        <button type="submit" className="button button-primary" aria-disabled={saving || undefined}>
          Save profile
        </button>
        <WaitingForConnection pending={saving} />
      </form>
    </section>
  );
}
