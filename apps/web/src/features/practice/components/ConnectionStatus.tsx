import type { LiveSocketSnapshot } from '../../../lib/live/socket';

const STATE_TEXT: Record<LiveSocketSnapshot['state'], string> = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  error: 'Error',
};

/** The live connection state (announced politely), the attempts out of 5, and the failure panel. */
export function ConnectionStatus({ snapshot, onRetry }: { snapshot: LiveSocketSnapshot; onRetry: () => void }) {
  const { state, reconnectAttempts, maxReconnectAttempts, error } = snapshot;
  return (
    <div className="live-connection">
      <div className="live-connection-row">
        <p className="live-connection-state" role="status" aria-live="polite" aria-atomic="true">
          <span className={`live-dot live-dot-${state}`} aria-hidden="true" />
          <span>Connection: </span>
          <strong data-testid="connection-state" data-state={state}>
            {STATE_TEXT[state]}
          </strong>
        </p>
        <p className="live-connection-attempts" data-testid="reconnect-attempts">
          Reconnect attempts: {reconnectAttempts}/{maxReconnectAttempts}
        </p>
      </div>
      {state === 'error' ? (
        <div className="live-error" role="alert">
          <h2 className="live-error-title">Connection Error</h2>
          <p>{error?.message ?? 'The live connection failed.'}</p>
          <button type="button" className="button button-primary" onClick={onRetry}>
            Retry Connection
          </button>
        </div>
      ) : error && state !== 'connected' ? (
        <p className="live-connection-note muted">{error.message}</p>
      ) : null}
    </div>
  );
}
