import { useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import { variantForError } from './variants';

/** Attempts per path, kept across the remounts a retry causes. */
const routeRetries = new Map<string, number>();

/** The per-route error screen (react-router errorElement), with Go to Dashboard. */
export function RouteErrorScreen() {
  const raw = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const [retries, setRetries] = useState(() => routeRetries.get(location.pathname) ?? 0);
  const error = isRouteErrorResponse(raw) ? new Error(`${raw.status} ${raw.statusText}`) : raw;
  return (
    <main className="error-page" id="main">
      <ErrorScreen
        variant={variantForError(error)}
        error={error}
        retryCount={retries}
        onRetry={() => {
          routeRetries.set(location.pathname, retries + 1);
          setRetries(retries + 1);
          // A new navigation to the same place clears the route's error and renders it again.
          navigate(`${location.pathname}${location.search}`, { replace: true });
        }}
        actions={
          <button type="button" className="button button-secondary" onClick={() => navigate('/dashboard')}>
            Go to Dashboard
          </button>
        }
      />
    </main>
  );
}
