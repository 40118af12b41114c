import { CLOSE_CODES } from '@asl/protocol';
import type { LiveSocketSnapshot } from '../../../lib/live/socket';

/** The one state the learner sees: the connection and what the camera's frames are doing, derived together. */
export interface LiveIndicatorState {
  /** device: no live connection, practice goes on with the recogniser on this device */
  tone: 'ok' | 'busy' | 'down' | 'device';
  connection: string;
  streaming: string;
}

/** The server closed the socket to restart (1012): the learner is told why it reconnects. */
function restarting(c: LiveSocketSnapshot): boolean {
  return c.dropCode === CLOSE_CODES.serviceRestart;
}

/**
 * Derives both words from the same facts, so "Connected" never stands beside "Paused: not
 * connected": frames stream exactly when the connection reads "Connected" and the camera is on.
 */
export function liveIndicator(
  online: boolean,
  c: LiveSocketSnapshot,
  cameraOn: boolean,
  onDevice: boolean,
): LiveIndicatorState {
  const linked = online && c.state === 'connected';
  const connection = !online
    ? 'Offline'
    : c.state === 'connected'
      ? 'Connected'
      : c.state === 'error'
        ? 'Not connected'
        : c.reconnectAttempts > 0
          ? `${restarting(c) ? 'Server restarting: reconnecting' : 'Reconnecting'}… (attempt ${c.reconnectAttempts} of ${c.maxReconnectAttempts})`
          : c.state === 'connecting'
            ? 'Connecting…'
            : 'Disconnected';
  const streaming = onDevice
    ? 'On this device'
    : cameraOn
      ? linked
        ? 'Streaming'
        : 'Paused: not connected'
      : 'Not streaming';
  const tone = linked
    ? 'ok'
    : onDevice
      ? 'device'
      : online && (c.state === 'connecting' || c.reconnectAttempts > 0)
        ? 'busy'
        : 'down';
  return { tone, connection, streaming };
}

/** A small, friendly line (announced politely): the connection and whether the camera is live. */
export function LiveIndicator({ state }: { state: LiveIndicatorState }) {
  return (
    <p className={`live-indicator live-indicator-${state.tone}`} role="status" aria-live="polite" aria-atomic="true">
      <span className={`live-dot live-dot-${state.tone}`} aria-hidden="true" />
      <span className="live-indicator-label">Connection: </span>
      <strong data-testid="connection-state" data-state={state.tone}>
        {state.connection}
      </strong>
      <span aria-hidden="true"> · </span>
      <span data-testid="streaming-state">{state.streaming}</span>
    </p>
  );
}

/**
 * The failure panel, for the learner: shown only when the live connection gave up. `calm`: a story
 * goes on on this device meanwhile, so it is a quiet note below the practice, not a red alert above
 * it that pushed the letter to sign off a phone's screen (the learner re-check of 2026-11-28).
 */
export function ConnectionError({
  snapshot,
  onRetry,
  calm = false,
}: {
  snapshot: LiveSocketSnapshot;
  onRetry: () => void;
  calm?: boolean;
}) {
  if (snapshot.state !== 'error') return null;
  if (calm)
    return (
      <div className="live-error live-error-calm" role="status">
        <h2 className="live-error-title">Connection Error</h2>
        <p>
          Your practice goes on on this device and is saved; it is sent when the connection is back, which is tried
          every few seconds.
        </p>
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Retry Connection
        </button>
      </div>
    );
  return (
    <div className="live-error" role="alert">
      <h2 className="live-error-title">Connection Error</h2>
      <p>{snapshot.error?.message ?? 'The live connection failed.'}</p>
      {snapshot.error?.type === 'MAX_RECONNECT_ATTEMPTS' && (
        <p className="muted">It tries again by itself every few seconds.</p>
      )}
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry Connection
      </button>
    </div>
  );
}

/** For the Advanced disclosure: the reconnect attempts out of 5 and the last connection error. */
export function ConnectionDetails({ snapshot }: { snapshot: LiveSocketSnapshot }) {
  const { state, reconnectAttempts, maxReconnectAttempts, error } = snapshot;
  return (
    <div className="live-connection-details">
      <p className="live-connection-attempts" data-testid="reconnect-attempts">
        Reconnect attempts: {reconnectAttempts}/{maxReconnectAttempts}
      </p>
      {error && state !== 'connected' && state !== 'error' ? (
        <p className="live-connection-note muted">{error.message}</p>
      ) : null}
    </div>
  );
}
