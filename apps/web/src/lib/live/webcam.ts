import { CAMERA_ERRORS, CAMERA_REQUEST, type CameraErrorType } from '@asl/protocol';

/** Webcam manager of SPEC sections 3, 4 and 8: pure TypeScript, no React. */

export type WebcamState = 'inactive' | 'initializing' | 'active' | 'error';

export interface CameraError {
  type: CameraErrorType;
  message: string;
  userAction: string;
}

export interface WebcamDevice {
  deviceId: string;
  label: string;
}

/** Webcam device info (SPEC section 3) of the running stream. */
export interface WebcamDeviceInfo extends WebcamDevice {
  width: number | null;
  height: number | null;
  frameRate: number | null;
  facingMode: string | null;
}

export interface WebcamSnapshot {
  state: WebcamState;
  stream: MediaStream | null;
  error: CameraError | null;
  devices: WebcamDevice[];
  current: WebcamDeviceInfo | null;
}

export function cameraError(type: CameraErrorType): CameraError {
  return { type, ...CAMERA_ERRORS[type] };
}

/** Maps a getUserMedia failure (a DOMException name) to the spec's camera error. */
export function mapCameraError(err: unknown): CameraError {
  const name = (err as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return cameraError('PERMISSION_DENIED');
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return cameraError('NO_DEVICE_FOUND');
    case 'NotReadableError':
    case 'TrackStartError':
      return cameraError('DEVICE_IN_USE');
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return cameraError('OVERCONSTRAINED');
    case 'AbortError':
      return cameraError('ACCESS_INTERRUPTED');
    case 'SecurityError':
      return cameraError('SECURITY_ERROR');
    default:
      return cameraError('UNKNOWN_ERROR');
  }
}

/** The ideal constraints of the spec: 640x480 at 30 fps, front-facing, no audio; or exactly one device. */
export function cameraConstraints(deviceId?: string): MediaStreamConstraints {
  const video: MediaTrackConstraints = {
    width: { ideal: CAMERA_REQUEST.width },
    height: { ideal: CAMERA_REQUEST.height },
    frameRate: { ideal: CAMERA_REQUEST.frameRate },
  };
  if (deviceId) video.deviceId = { exact: deviceId };
  else video.facingMode = CAMERA_REQUEST.facingMode;
  return { video, audio: CAMERA_REQUEST.audio };
}

type Listener = () => void;

export class WebcamManager {
  private snapshot: WebcamSnapshot = { state: 'inactive', stream: null, error: null, devices: [], current: null };
  private listeners = new Set<Listener>();
  /** Bumped by every start/stop so a late getUserMedia answer for a superseded request is released. */
  private generation = 0;
  private readonly media: () => MediaDevices | undefined;

  constructor(media?: () => MediaDevices | undefined) {
    this.media = media ?? (() => (typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined));
  }

  getSnapshot = (): WebcamSnapshot => this.snapshot;

  subscribe = (fn: Listener): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private update(patch: Partial<WebcamSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn();
  }

  get supported(): boolean {
    return typeof this.media()?.getUserMedia === 'function';
  }

  /** Lists the video inputs (labels are empty until permission was granted). */
  async listDevices(): Promise<WebcamDevice[]> {
    const md = this.media();
    if (!md?.enumerateDevices) return [];
    try {
      const all = await md.enumerateDevices();
      const devices = all
        .filter((d) => d.kind === 'videoinput')
        .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
      this.update({ devices });
      return devices;
    } catch {
      return this.snapshot.devices;
    }
  }

  /** Starts the camera (optionally exactly the given device). Resolves with the stream, or null on failure. */
  async start(deviceId?: string): Promise<MediaStream | null> {
    const md = this.media();
    this.releaseTracks();
    const gen = ++this.generation;
    if (!md || typeof md.getUserMedia !== 'function') {
      this.update({ state: 'error', stream: null, current: null, error: cameraError('BROWSER_NOT_SUPPORTED') });
      return null;
    }
    this.update({ state: 'initializing', error: null, stream: null, current: null });
    let stream: MediaStream;
    try {
      stream = await md.getUserMedia(cameraConstraints(deviceId));
    } catch (err) {
      let mapped = mapCameraError(err);
      if (mapped.type !== 'OVERCONSTRAINED') return this.failed(gen, mapped);
      this.update({ error: mapped }); // 'Retrying with default settings.'
      try {
        stream = await md.getUserMedia({ video: true, audio: false });
      } catch {
        mapped = cameraError('CONSTRAINTS_NOT_SUPPORTED');
        return this.failed(gen, mapped);
      }
    }
    if (gen !== this.generation) {
      stopStream(stream); // stopped or restarted while waiting
      return null;
    }
    this.update({ state: 'active', stream, error: null, current: describe(stream) });
    void this.listDevices();
    return stream;
  }

  private failed(gen: number, error: CameraError): null {
    if (gen === this.generation) this.update({ state: 'error', stream: null, current: null, error });
    return null;
  }

  /** Switches camera: stops the current tracks, then starts exactly the chosen device. */
  switchCamera(deviceId: string): Promise<MediaStream | null> {
    this.stop();
    return this.start(deviceId);
  }

  /** Stops the camera and releases every track; state inactive. */
  stop(): void {
    this.generation++;
    this.releaseTracks();
    this.update({ state: 'inactive', stream: null, current: null, error: null });
  }

  private releaseTracks(): void {
    if (this.snapshot.stream) stopStream(this.snapshot.stream);
  }
}

function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function describe(stream: MediaStream): WebcamDeviceInfo | null {
  const track = stream.getVideoTracks()[0];
  if (!track) return null;
  const s = typeof track.getSettings === 'function' ? track.getSettings() : {};
  return {
    deviceId: s.deviceId ?? '',
    label: track.label,
    width: s.width ?? null,
    height: s.height ?? null,
    frameRate: s.frameRate ?? null,
    facingMode: s.facingMode ?? null,
  };
}
