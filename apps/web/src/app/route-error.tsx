import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorBoundary, ErrorScreen, variantForError } from '../features/errors';
import type { FallbackProps } from '../features/errors/ErrorBoundary';

function RouteErrorFallback({ error, retryCount, reset }: FallbackProps) {
  const navigate = useNavigate();
  return (
    <main className="error-page" id="main">
      <ErrorScreen
        variant={variantForError(error)}
        error={error}
        retryCount={retryCount}
        onRetry={reset}
        actions={
          <button type="button" className="button button-secondary" onClick={() => navigate('/dashboard')}>
            Go to Dashboard
          </button>
        }
      />
    </main>
  );
}

/**
 * The per-route error screen (the page replaced by the error, Try Again and Go to Dashboard),
 * cleared by moving to another path. The app routes with react-router's declarative router,
 * less than half the script of its data router, so route errors are caught here instead of
 * by an `errorElement`.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallback={(p) => <RouteErrorFallback {...p} />}>
      {children}
    </ErrorBoundary>
  );
}
