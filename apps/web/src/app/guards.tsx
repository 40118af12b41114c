import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTransitionHold } from '../lib/perf/transitions';
import { useSession } from '../lib/session/session-context';

export function CheckingAuth() {
  useTransitionHold();
  return (
    <div className="center-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>Checking authentication...</p>
    </div>
  );
}

export function AccessDenied({ roles, permissions }: { roles?: string[]; permissions?: string[] }) {
  const navigate = useNavigate();
  return (
    <section className="page narrow" aria-labelledby="denied-title">
      <h1 id="denied-title">Access Denied</h1>
      <p>You need one of the following to open this page:</p>
      <ul>
        {roles?.map((r) => (
          <li key={`r-${r}`}>Role: {r}</li>
        ))}
        {permissions?.map((p) => (
          <li key={`p-${p}`}>Permission: {p}</li>
        ))}
      </ul>
      <button type="button" className="button button-secondary" onClick={() => navigate(-1)}>
        Go Back
      </button>
    </section>
  );
}

/** Route guard: sign-in required; optionally any-of roles or any-of permissions. */
export function RequireAuth({
  children,
  roles,
  permissions,
}: {
  children: ReactNode;
  roles?: string[];
  permissions?: string[];
}) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <CheckingAuth />;
  if (session.status !== 'authenticated') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  const roleOk = !roles?.length || roles.some((r) => session.hasRole(r));
  const permOk = !permissions?.length || permissions.some((p) => session.hasPermission(p));
  if (!roleOk || !permOk) return <AccessDenied roles={roles} permissions={permissions} />;
  return <>{children}</>;
}

/** /login and /register send a signed-in user on: back where they came from, or to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <CheckingAuth />;
  if (session.status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard'} replace />;
  }
  return <>{children}</>;
}

export function RootRedirect() {
  const session = useSession();
  if (session.status === 'loading') return <CheckingAuth />;
  return <Navigate to={session.status === 'authenticated' ? '/dashboard' : '/login'} replace />;
}
