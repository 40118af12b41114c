import { COMPONENT_RELOAD_AFTER_RESETS, NETWORK_BOUNDARY_DELAYS_MS } from '@asl/protocol';
import { useEffect, useState, type ReactNode } from 'react';
import { classifyError } from '../../lib/api/api-error';
import { clearAuthStorage } from '../../lib/storage/keys';
import { browser, supportEmail } from './browser';
import { recover } from './recovery';
import { ErrorBoundary, type FallbackProps } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';
import { variantForError } from './variants';

export const isNetworkError = (e: unknown) => ['network', 'timeout'].includes(classifyError(e).kind);

/**
 * A part of the app that failed to load (its file gone after a deploy): the page reloads once,
 * after 1 s, to fetch the new version (spec section 4; `recover` keeps it to one reload).
 */
const reloadOnChunkError = (e: unknown) => {
  if (classifyError(e).kind === 'chunk_load') void recover(e);
};
export const isAuthError = (e: unknown) => classifyError(e).kind === 'authentication';

/** The generic error fallback: the error screen plus Contact Support (a mail to the support address). */
export function GenericErrorFallback({ error, componentStack, retryCount, reset }: FallbackProps) {
  const email = supportEmail();
  return (
    <div className="error-page">
      <ErrorScreen
        variant={variantForError(error)}
        error={error}
        componentStack={componentStack}
        retryCount={retryCount}
        onRetry={reset}
        actions={
          <a className="button button-secondary" href={`mailto:${email}`}>
            Contact Support
          </a>
        }
      />
    </div>
  );
}

/** Top-level boundary: any error; Try Again resets (3 attempts). */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary onError={reloadOnChunkError} fallback={(p) => <GenericErrorFallback {...p} />}>
      {children}
    </ErrorBoundary>
  );
}

function NetworkFallback(p: FallbackProps) {
  const delay = NETWORK_BOUNDARY_DELAYS_MS[p.retryCount];
  const [secondsLeft, setSecondsLeft] = useState(delay === undefined ? 0 : Math.ceil(delay / 1000));
  const { reset } = p;
  useEffect(() => {
    if (delay === undefined) return;
    const t = setTimeout(reset, delay);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(t);
      clearInterval(tick);
    };
  }, [delay, reset]);
  return (
    <ErrorScreen
      variant="network"
      headingLevel={2}
      error={p.error}
      componentStack={p.componentStack}
      retryCount={p.retryCount}
      maxRetries={NETWORK_BOUNDARY_DELAYS_MS.length}
      onRetry={reset}
      status={delay === undefined ? undefined : `Trying again automatically in ${secondsLeft} s.`}
    />
  );
}

/** Network and time-out errors: retried automatically up to 3 times, after 1 s, 2 s and 4 s. */
export function NetworkErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: readonly unknown[] }) {
  return (
    <ErrorBoundary catches={isNetworkError} resetKeys={resetKeys} fallback={(p) => <NetworkFallback {...p} />}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * One part of a page (a lazy page, a widget): 'Failed to Load <name>'. After 2 resets the
 * next attempt reloads the page, offered as 'Reload Application'. Network and
 * authentication errors go on to their own boundaries.
 */
export function ComponentErrorBoundary({
  name,
  children,
  resetKeys,
}: {
  name: string;
  children: ReactNode;
  resetKeys?: readonly unknown[];
}) {
  return (
    <ErrorBoundary
      catches={(e) => !isNetworkError(e) && !isAuthError(e)}
      onError={reloadOnChunkError}
      resetKeys={resetKeys}
      fallback={(p) => {
        const mustReload = p.retryCount >= COMPONENT_RELOAD_AFTER_RESETS;
        const variant = variantForError(p.error, name);
        return (
          <ErrorScreen
            variant={variant === 'default' ? 'component' : variant}
            componentName={name}
            headingLevel={2}
            error={p.error}
            componentStack={p.componentStack}
            retryCount={p.retryCount}
            onRetry={mustReload ? () => browser.reload() : p.reset}
            retryLabel={mustReload ? 'Reload Application' : undefined}
          />
        );
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Authentication errors: resetting clears the stored auth data and goes to /login. */
export function AuthErrorBoundary({ children, resetKeys }: { children: ReactNode; resetKeys?: readonly unknown[] }) {
  return (
    <ErrorBoundary
      catches={isAuthError}
      resetKeys={resetKeys}
      fallback={(p) => (
        <ErrorScreen
          variant="authentication"
          headingLevel={2}
          error={p.error}
          componentStack={p.componentStack}
          retryLabel="Sign In Again"
          onRetry={() => {
            clearAuthStorage();
            browser.assign('/login');
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
