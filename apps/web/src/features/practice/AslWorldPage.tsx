import { AUTO_START_DELAY_MS, processedFrameDataSchema } from '@asl/protocol';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FrameEncoder } from '../../lib/live/encoder';
import type { LiveSocket, LiveSocketSnapshot } from '../../lib/live/socket';
import type { WebcamManager, WebcamSnapshot } from '../../lib/live/webcam';
import { useOnline } from '../../lib/ui/OfflineBanner';
import { ConnectionDetails, ConnectionError, LiveIndicator, liveIndicator } from './components/ConnectionStatus';
import { LandmarkOverlay, type HandsFrame } from './components/LandmarkOverlay';
import { PerformanceStats } from './components/PerformanceStats';
import { useFrameLight } from './hooks/useFrameLight';
import { useFrameStreamer } from './hooks/useFrameStreamer';
import { useLiveSocket } from './hooks/useLiveSocket';
import { useTrueFor } from './hooks/useTrueFor';
import { useWebcam } from './hooks/useWebcam';
import { LocalFrameTime, OfflinePracticeStatus } from './on-device/OfflinePracticeStatus';
import { useLocalRecognition, type LocalRecognition } from './on-device/use-local-recognition';
import './practice.css';

/** What a practice panel (stories, feedback) placed on the page gets to work with. */
export interface LiveContext {
  socket: LiveSocket;
  connection: LiveSocketSnapshot;
  camera: WebcamSnapshot;
  /** True while frames are being captured and sent. */
  streaming: boolean;
  /** Offline practice: the recogniser on this device, used while the live connection is down. */
  local: {
    /** the browser is offline, or the live socket is closed and not reconnecting */
    down: boolean;
    recognition: LocalRecognition;
    /** a story is being practised: prepare the local recogniser (and run it while down) */
    setWanted(wanted: boolean): void;
    /**
     * Back from a drop, the server is told where practice stands before it reads frames again: a
     * session it still held on a socket that lived through the drop must not score them meanwhile.
     */
    setHolding(holding: boolean): void;
  };
  /** Where the current feedback goes: over the live video (null until the page has rendered it). */
  feedbackSlot: HTMLElement | null;
  /** The camera's picture is too dark to find a hand in (hooks/frame-light.ts). */
  tooDark: boolean;
  /** Scrolls the practice area (the video and the story beside it) into view. */
  revealPractice(): void;
  /** A story (or its result) is on screen: on a narrow screen the video and the story then come first. */
  setStoryOnScreen(on: boolean): void;
}

/**
 * After the reconnect attempts ran out, how often the page tries again by itself: a quiet try that
 * leaves the error on screen until it connects, so a server back after a long outage is found
 * within seconds (at 30 s, learners read the error long after the server had returned).
 */
export const RETRY_AFTER_ERROR_MS = 5_000;

/**
 * A drop while a story is practised: after this long reconnecting, practice goes on on this device
 * (the five reconnect attempts take about 16 s, and the learner's signs in them counted nothing:
 * the learner review of 2026-11-28). Shorter drops (a blip) stay with the server.
 */
export const HAND_OVER_AFTER_MS = 2_000;

/** Reconnecting after an abnormal close, its attempts not yet run out. */
export function reconnecting(c: LiveSocketSnapshot): boolean {
  return c.state !== 'connected' && c.state !== 'error' && c.reconnectAttempts > 0;
}

/** Offline, or closed for good (error after the attempts, or closed normally): not a reconnect in progress. */
export function connectionDown(online: boolean, c: LiveSocketSnapshot): boolean {
  return !online || c.state === 'error' || (c.state === 'disconnected' && c.reconnectAttempts === 0);
}

export interface AslWorldPageProps {
  /** The story-practice panel (a later issue); rendered beside the camera with the live context. */
  storyPanel?: (live: LiveContext) => ReactNode;
  /** Test seams: the live socket, webcam manager and frame encoder to use. */
  createSocket?: () => LiveSocket;
  createWebcam?: () => WebcamManager;
  createEncoder?: () => FrameEncoder;
  /**
   * Told the live socket's state while the page holds it ('reconnecting': closed, with a reconnect on
   * its way), and null when it lets it go (the sidebar's status).
   */
  onLiveState?: (state: LiveSocketSnapshot['state'] | 'reconnecting' | null) => void;
}

export function AslWorldPage({
  storyPanel,
  createSocket,
  createWebcam,
  createEncoder,
  onLiveState,
}: AslWorldPageProps = {}) {
  const { socket, snapshot: connection } = useLiveSocket(createSocket);
  const { webcam, snapshot: camera } = useWebcam(createWebcam);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [hands, setHands] = useState<HandsFrame | null>(null);
  const [chosenDevice, setChosenDevice] = useState<string>('');
  const autoStarted = useRef(false);
  const online = useOnline();
  const [localWanted, setLocalWanted] = useState(false);
  // practising, a reconnect that takes a while counts as down too: the story goes on on this device
  const longDrop = useTrueFor(localWanted && reconnecting(connection), HAND_OVER_AFTER_MS);
  const down = connectionDown(online, connection) || longDrop;
  const [holding, setHolding] = useState(false);
  const cameraOn = camera.state === 'active' && camera.stream !== null;
  const recognition = useLocalRecognition(videoRef, { prepare: localWanted, run: localWanted && down && cameraOn });
  const local = recognition.running;

  const streaming = cameraOn && connection.state === 'connected' && !down;
  const stats = useFrameStreamer(socket, videoRef, cameraOn && !down && !holding, createEncoder);
  const tooDark = useFrameLight(videoRef, cameraOn);
  const indicator = liveIndicator(online, connection, cameraOn, local);
  const [feedbackSlot, setFeedbackSlot] = useState<HTMLDivElement | null>(null);
  const [storyOnScreen, setStoryOnScreen] = useState(false);
  const revealPractice = useCallback(() => practiceArea.current?.scrollIntoView?.({ block: 'start' }), []);
  const practiceArea = useRef<HTMLDivElement>(null);

  // The sidebar's status follows this socket while the page holds it.
  const reportState = useRef(onLiveState);
  useEffect(() => {
    reportState.current = onLiveState;
  });
  const reported =
    connection.state === 'disconnected' && connection.reconnectAttempts > 0 ? 'reconnecting' : connection.state;
  useEffect(() => {
    reportState.current?.(reported);
  }, [reported]);

  // After the attempts ran out, it tries again by itself: every RETRY_AFTER_ERROR_MS, when the
  // browser is back online and when the tab is shown again (a server restarted after a long
  // outage is found without a click). Not after a sign-out or too many tabs: those are final.
  const gaveUp = connection.state === 'error' && connection.error?.type === 'MAX_RECONNECT_ATTEMPTS';
  useEffect(() => {
    if (!gaveUp) return;
    const retry = () => socket.probe();
    const onVisible = () => document.visibilityState === 'visible' && retry();
    const timer = setInterval(retry, RETRY_AFTER_ERROR_MS);
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [gaveUp, socket]);
  useEffect(
    () => () => {
      reportState.current?.(null);
    },
    [],
  );

  // The hand skeleton is drawn only while frames are read (streamed, or on this device); a frame
  // answered after the camera stopped or the stream paused is dropped, not drawn over the black frame.
  const drawHandsNow = cameraOn && (streaming || local);
  const drawing = useRef(drawHandsNow);
  useEffect(() => {
    drawing.current = drawHandsNow;
    if (!drawHandsNow) setHands(null);
  }, [drawHandsNow]);

  // The live picture.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== camera.stream) video.srcObject = camera.stream;
    if (camera.stream) void video.play?.()?.catch(() => {});
  }, [camera.stream]);

  // Landmarks of the latest processed frame.
  useEffect(
    () =>
      socket.onMessage((msg) => {
        if (msg.type !== 'processed_frame' || !drawing.current) return;
        const data = processedFrameDataSchema.safeParse(msg.data);
        if (data.success) setHands({ hands: data.data.hands, width: data.data.width, height: data.data.height });
      }),
    [socket],
  );
  const onLocalFrame = recognition.onFrame;
  useEffect(
    () =>
      onLocalFrame((f) => {
        if (drawing.current) setHands({ hands: f.hands, width: f.width, height: f.height });
      }),
    [onLocalFrame],
  );

  // On entering with the connection up, the camera and streaming start after about a second.
  useEffect(() => {
    if (autoStarted.current || connection.state !== 'connected' || camera.state !== 'inactive') return;
    const t = setTimeout(() => {
      autoStarted.current = true;
      void webcam.start();
    }, AUTO_START_DELAY_MS);
    return () => clearTimeout(t);
  }, [connection.state, camera.state, webcam]);

  const startCamera = useCallback(() => {
    autoStarted.current = true;
    void webcam.start(chosenDevice || undefined);
  }, [webcam, chosenDevice]);
  const stopCamera = useCallback(() => {
    autoStarted.current = true;
    drawing.current = false;
    setHands(null);
    webcam.stop();
  }, [webcam]);
  const chooseCamera = useCallback(
    (id: string) => {
      autoStarted.current = true;
      setChosenDevice(id);
      if (id) void webcam.switchCamera(id);
    },
    [webcam],
  );

  const selected = chosenDevice || camera.current?.deviceId || '';
  const cameraBusy = camera.state === 'initializing';
  const liveContext: LiveContext = {
    socket,
    connection,
    camera,
    streaming,
    local: { down, recognition, setWanted: setLocalWanted, setHolding },
    feedbackSlot,
    tooDark,
    revealPractice,
    setStoryOnScreen,
  };

  return (
    <section className="page asl-world" aria-labelledby="asl-world-title">
      <header className="asl-world-header">
        <div>
          <h1 id="asl-world-title">ASL World</h1>
          <p className="lead">Practise stories sentence by sentence with live feedback on your handshapes.</p>
        </div>
      </header>
      {!local && <ConnectionError snapshot={connection} onRetry={() => void socket.reconnect()} />}

      <div className="asl-world-grid" ref={practiceArea} data-practising={storyOnScreen}>
        <div className="asl-world-main">
          <section className="card live-camera" aria-labelledby="live-camera-title">
            <div className="live-camera-head">
              <h2 id="live-camera-title">Live view</h2>
              <LiveIndicator state={indicator} />
            </div>

            <div className="live-stage" data-camera-state={camera.state}>
              <div className="live-mirror">
                <video
                  ref={videoRef}
                  className="live-video"
                  autoPlay
                  muted
                  playsInline
                  aria-label="Your camera"
                  data-stream-id={camera.stream?.id ?? ''}
                />
                <LandmarkOverlay frame={hands} />
              </div>
              {camera.state !== 'active' ? (
                <div
                  className="live-stage-placeholder"
                  // what the feedback card says too, when practising ("The camera is off. Start…")
                  data-camera-said={
                    camera.state === 'error' ||
                    (camera.state === 'inactive' && (connection.state === 'connected' || down))
                      ? 'true'
                      : undefined
                  }
                >
                  {camera.state === 'initializing'
                    ? 'Starting the camera…'
                    : camera.state === 'error'
                      ? 'The camera could not start.'
                      : connection.state === 'connected' || down
                        ? // offline, practice runs on this device: the camera is all it waits for
                          'The camera is off.'
                        : 'Waiting for the live connection…'}
                </div>
              ) : null}
              <div className="live-feedback-slot" ref={setFeedbackSlot} />
            </div>

            {camera.error ? (
              <div className={camera.state === 'error' ? 'alert alert-error' : 'alert alert-info'} role="alert">
                <p>
                  <strong>{camera.error.message}</strong>
                </p>
                <p>{camera.error.userAction}</p>
              </div>
            ) : null}
          </section>

          <div className="live-controls">
            <div className="field live-camera-picker">
              <label htmlFor="camera-picker">Camera</label>
              <select
                id="camera-picker"
                value={selected}
                disabled={cameraBusy}
                onChange={(e) => chooseCamera(e.target.value)}
              >
                {camera.devices.length === 0 ? <option value="">Default camera</option> : null}
                {camera.devices.map((d) => (
                  <option key={d.deviceId || d.label} value={d.deviceId}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="live-buttons">
              <button
                type="button"
                className="button button-primary"
                onClick={startCamera}
                disabled={cameraBusy || camera.state === 'active'}
              >
                Start camera
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={stopCamera}
                disabled={camera.state !== 'active' && camera.state !== 'initializing'}
              >
                Stop camera
              </button>
            </div>
          </div>
          {/* space kept for the offline-practice line, so its arrival moves nothing */}
          <div className="live-notes">
            <OfflinePracticeStatus down={down} wanted={localWanted} recognition={recognition} />
          </div>
        </div>

        <div className="asl-world-side">
          <div className="asl-world-story" data-slot="story-panel">
            {storyPanel ? (
              storyPanel(liveContext)
            ) : (
              <section className="card" aria-labelledby="story-placeholder-title">
                <h2 id="story-placeholder-title">Story practice</h2>
                <p className="muted">
                  Stories appear here. Sign in front of the camera: your hand landmarks are drawn over the video.
                </p>
              </section>
            )}
          </div>
        </div>

        {local && <ConnectionError calm snapshot={connection} onRetry={() => void socket.reconnect()} />}

        <details className="card live-advanced" data-testid="advanced">
          <summary>Advanced</summary>
          <p className="muted">Technical details of the connection and the camera, for troubleshooting.</p>
          <ConnectionDetails snapshot={connection} />
          {camera.current ? (
            <p className="muted live-camera-info" data-testid="camera-info">
              {camera.current.label || 'Camera'}
              {camera.current.width && camera.current.height
                ? ` · ${camera.current.width}×${camera.current.height}`
                : ''}
              {camera.current.frameRate ? ` · ${Math.round(camera.current.frameRate)} fps` : ''}
            </p>
          ) : null}
          <LocalFrameTime recognition={recognition} />
          <PerformanceStats stats={stats} socket={connection.stats} />
        </details>
      </div>
    </section>
  );
}
