import type { LocalRecognition } from './use-local-recognition';

export const OFFLINE_PRACTICE_TEXT =
  "Offline practice: recognised on this device; results will sync when you're back online.";

/** What offline practice is doing, said plainly: shown only while a story is being practised. */
export function OfflinePracticeStatus({
  down,
  wanted,
  recognition,
}: {
  down: boolean;
  wanted: boolean;
  recognition: LocalRecognition;
}) {
  if (!wanted) return null;
  const { status, error, running } = recognition;
  if (!down)
    return status === 'ready' ? (
      <p className="muted offline-practice-ready" data-testid="offline-ready">
        Offline practice is ready on this device: if the connection drops, you can keep practising.
      </p>
    ) : null;
  return (
    <div className="alert alert-info offline-practice" role="status" data-testid="offline-practice">
      {status === 'ready' ? (
        <p>
          <strong>{OFFLINE_PRACTICE_TEXT}</strong>
          {!running ? <span> Start the camera to keep practising.</span> : null}
        </p>
      ) : status === 'unavailable' ? (
        <p>
          <strong>Offline practice is not available on this device.</strong> {error}
        </p>
      ) : (
        <p>Preparing offline practice on this device…</p>
      )}
    </div>
  );
}

/** For the Advanced disclosure: how long the recogniser on this device takes per frame. */
export function LocalFrameTime({ recognition }: { recognition: LocalRecognition }) {
  const { running, frameMs } = recognition;
  if (!running || frameMs === null) return null;
  return (
    <p className="muted" data-testid="local-frame-ms">
      Recognition on this device: about {Math.round(frameMs)} ms per frame.
    </p>
  );
}
