import { SESSION_MESSAGES } from '@asl/protocol';
import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/notifications/notifications';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../lib/ui/Alert';
import { Field } from '../../../lib/ui/Field';
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
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      session.setUser(await updateProfile(form));
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
      <form onSubmit={onSubmit} className="card" noValidate>
        {error && <Alert>{error}</Alert>}
        <Field
          label="First name"
          name="firstName"
          value={form.firstName}
          onChange={(e) => setForm({ ...form, firstName: e.target.value })}
        />
        <Field
          label="Last name"
          name="lastName"
          value={form.lastName}
          onChange={(e) => setForm({ ...form, lastName: e.target.value })}
        />
        <Field
          label="Username"
          name="username"
          value={form.username}
          onChange={(e) => setForm({ ...form, username: e.target.value })}
        />
        <button type="submit" className="button button-primary" disabled={saving}>
          Save profile
        </button>
      </form>
    </section>
  );
}
