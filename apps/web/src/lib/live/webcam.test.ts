import { describe, expect, it, vi } from 'vitest';
import { cameraConstraints, mapCameraError, WebcamManager } from './webcam';

function fakeStream(deviceId = 'cam-1') {
  const track = {
    stop: vi.fn(),
    label: 'Front camera',
    getSettings: () => ({ deviceId, width: 640, height: 480, frameRate: 30, facingMode: 'user' }),
  };
  return {
    id: `stream-${deviceId}`,
    track,
    getTracks: () => [track],
    getVideoTracks: () => [track],
  } as unknown as MediaStream & { track: typeof track };
}
const domError = (name: string) => Object.assign(new Error(name), { name });

function media(getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream>) {
  return {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => [
      { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
      { kind: 'audioinput', deviceId: 'mic', label: 'Mic' },
      { kind: 'videoinput', deviceId: 'cam-2', label: '' },
    ]),
  } as unknown as MediaDevices & { getUserMedia: ReturnType<typeof vi.fn> };
}

describe('WebcamManager', () => {
  it('requests ideal 640x480 at 30 fps, front-facing, no audio; inactive -> initializing -> active', async () => {
    const stream = fakeStream();
    const md = media(async () => stream);
    const cam = new WebcamManager(() => md);
    const states: string[] = [];
    cam.subscribe(() => states.push(cam.getSnapshot().state));
    expect(cam.getSnapshot().state).toBe('inactive');
    await cam.start();
    expect(md.getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 }, facingMode: 'user' },
      audio: false,
    });
    expect(states.slice(0, 2)).toEqual(['initializing', 'active']);
    expect(cam.getSnapshot()).toMatchObject({
      stream,
      current: { deviceId: 'cam-1', label: 'Front camera', width: 640, height: 480, frameRate: 30, facingMode: 'user' },
    });
  });

  it('stop releases the tracks and returns to inactive', async () => {
    const stream = fakeStream();
    const cam = new WebcamManager(() => media(async () => stream));
    await cam.start();
    cam.stop();
    expect(stream.track.stop).toHaveBeenCalled();
    expect(cam.getSnapshot()).toMatchObject({ state: 'inactive', stream: null });
  });

  it('lists only video inputs, naming unlabelled ones', async () => {
    const cam = new WebcamManager(() => media(async () => fakeStream()));
    expect(await cam.listDevices()).toEqual([
      { deviceId: 'cam-1', label: 'Front camera' },
      { deviceId: 'cam-2', label: 'Camera 2' },
    ]);
  });

  it('switching stops the current tracks and starts exactly the chosen device', async () => {
    const first = fakeStream('cam-1');
    const second = fakeStream('cam-2');
    const md = media(async (c) => ((c.video as MediaTrackConstraints).deviceId ? second : first));
    const cam = new WebcamManager(() => md);
    await cam.start();
    await cam.switchCamera('cam-2');
    expect(first.track.stop).toHaveBeenCalled();
    expect(md.getUserMedia).toHaveBeenLastCalledWith(cameraConstraints('cam-2'));
    expect((md.getUserMedia.mock.lastCall![0] as MediaStreamConstraints).video).toMatchObject({
      deviceId: { exact: 'cam-2' },
    });
    expect(cam.getSnapshot()).toMatchObject({ state: 'active', stream: second, current: { deviceId: 'cam-2' } });
  });

  it('releases a stream that arrives after stop', async () => {
    const stream = fakeStream();
    let resolve!: (s: MediaStream) => void;
    const cam = new WebcamManager(() => media(() => new Promise((r) => (resolve = r))));
    const started = cam.start();
    cam.stop();
    resolve(stream);
    expect(await started).toBeNull();
    expect(stream.track.stop).toHaveBeenCalled();
    expect(cam.getSnapshot().state).toBe('inactive');
  });

  it.each([
    [
      'NotAllowedError',
      'PERMISSION_DENIED',
      'Camera access denied. Please allow camera permissions in your browser settings and refresh the page.',
    ],
    ['NotFoundError', 'NO_DEVICE_FOUND', 'No camera device found. Please connect a camera and try again.'],
    [
      'NotReadableError',
      'DEVICE_IN_USE',
      'Camera is already in use by another application. Please close other apps using the camera.',
    ],
    ['AbortError', 'ACCESS_INTERRUPTED', 'Camera access was interrupted. Please try again.'],
    ['SecurityError', 'SECURITY_ERROR', 'Camera access blocked by security policy. Please check browser settings.'],
    ['WeirdError', 'UNKNOWN_ERROR', 'An unknown camera error occurred. Please try again.'],
  ])('maps %s to %s with its message and a user action', async (name, type, message) => {
    const cam = new WebcamManager(() => media(async () => Promise.reject(domError(name))));
    expect(await cam.start()).toBeNull();
    const { state, error } = cam.getSnapshot();
    expect(state).toBe('error');
    expect(error).toMatchObject({ type, message });
    expect(error?.userAction).toBeTruthy();
    expect(mapCameraError(domError(name)).type).toBe(type);
  });

  it('on OverconstrainedError retries with plain video', async () => {
    const stream = fakeStream();
    const md = media(async (c) => (c.video === true ? stream : Promise.reject(domError('OverconstrainedError'))));
    const cam = new WebcamManager(() => md);
    expect(await cam.start()).toBe(stream);
    expect(md.getUserMedia).toHaveBeenLastCalledWith({ video: true, audio: false });
    expect(cam.getSnapshot()).toMatchObject({ state: 'active', error: null });
  });

  it('reports CONSTRAINTS_NOT_SUPPORTED when the plain retry fails too', async () => {
    const md = media(async () => Promise.reject(domError('OverconstrainedError')));
    const cam = new WebcamManager(() => md);
    await cam.start();
    expect(md.getUserMedia).toHaveBeenCalledTimes(2);
    expect(cam.getSnapshot()).toMatchObject({ state: 'error', error: { type: 'CONSTRAINTS_NOT_SUPPORTED' } });
  });

  it('reports BROWSER_NOT_SUPPORTED without mediaDevices', async () => {
    const cam = new WebcamManager(() => undefined);
    await cam.start();
    expect(cam.getSnapshot()).toMatchObject({
      state: 'error',
      error: { type: 'BROWSER_NOT_SUPPORTED', message: 'getUserMedia is not supported in this browser' },
    });
  });
});
