import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameEncoder } from '../../lib/live/encoder';
import { LiveSocket, type WebSocketLike } from '../../lib/live/socket';
import { WebcamManager } from '../../lib/live/webcam';
import { AslWorldPage, RETRY_AFTER_ERROR_MS } from './AslWorldPage';

class FakeWebSocket implements WebSocketLike {
  static last: FakeWebSocket | null = null;
  static count = 0;
  readyState = 0;
  closed: number | undefined;
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(public url: string) {
    FakeWebSocket.last = this;
    FakeWebSocket.count++;
  }
  send() {}
  close(code?: number) {
    this.closed = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' } as CloseEvent);
  }
}

function fakeMedia() {
  const tracks: { stop: ReturnType<typeof vi.fn> }[] = [];
  const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
    const deviceId = ((c.video as MediaTrackConstraints).deviceId as { exact: string } | undefined)?.exact ?? 'cam-1';
    const track = { stop: vi.fn(), label: deviceId, getSettings: () => ({ deviceId, width: 640, height: 480 }) };
    tracks.push(track);
    return {
      id: `s${tracks.length}`,
      getTracks: () => [track],
      getVideoTracks: () => [track],
    } as unknown as MediaStream;
  });
  const enumerateDevices = vi.fn(async () => [
    { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
    { kind: 'videoinput', deviceId: 'cam-2', label: 'USB camera' },
  ]);
  return { md: { getUserMedia, enumerateDevices } as unknown as MediaDevices, getUserMedia, tracks };
}

const encoder = (): FrameEncoder => ({
  offMainThread: false,
  encode: async () => 'data:image/jpeg;base64,AA',
  dispose() {},
});

function renderPage(extra: Partial<Parameters<typeof AslWorldPage>[0]> = {}) {
  const media = fakeMedia();
  const utils = render(
    <AslWorldPage
      createSocket={() => new LiveSocket({ url: 'ws://test/ws/video?token=t', WebSocketImpl: FakeWebSocket })}
      createWebcam={() => new WebcamManager(() => media.md)}
      createEncoder={encoder}
      {...extra}
    />,
  );
  return { ...utils, media };
}
const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('AslWorldPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.count = 0;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the connection state and starts the camera about 1 s after connecting', async () => {
    const { media } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Connection: Connecting');
    expect(screen.getByText('Reconnect attempts: 0/5')).toBeInTheDocument();
    await act(async () => FakeWebSocket.last!.open());
    expect(screen.getByRole('status')).toHaveTextContent('Connection: Connected');
    await flush(900);
    expect(media.getUserMedia).not.toHaveBeenCalled();
    await flush(100);
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('streaming-state')).toHaveTextContent('Streaming');
    for (const label of [
      'Frames per second',
      'Adaptive FPS',
      'Dropped frames',
      'Processing capability',
      'Average processing time',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
  });

  it('does not start the camera or stream while disconnected', async () => {
    const { media } = renderPage();
    await flush(5000);
    expect(media.getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByTestId('streaming-state')).toHaveTextContent('Not streaming');
  });

  it('counts reconnect attempts, then shows Connection Error with a working Retry Connection', async () => {
    renderPage();
    await act(async () => FakeWebSocket.last!.drop());
    expect(screen.getByText('Reconnect attempts: 1/5')).toBeInTheDocument();
    for (const d of [500, 1000, 2000, 4000, 8000]) {
      await flush(d);
      await act(async () => FakeWebSocket.last!.drop());
    }
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    expect(screen.getByText('Max reconnection attempts (5) reached.')).toBeInTheDocument();
    const before = FakeWebSocket.count;
    fireEvent.click(screen.getByRole('button', { name: 'Retry Connection' }));
    await flush(100);
    expect(FakeWebSocket.count).toBe(before + 1);
    expect(screen.getByText('Reconnect attempts: 0/5')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connection Error' })).not.toBeInTheDocument();
  });

  it('tells the sidebar it is reconnecting between attempts, and tries again by itself after giving up', async () => {
    const states: (string | null)[] = [];
    renderPage({ onLiveState: (s) => states.push(s) });
    await act(async () => FakeWebSocket.last!.drop());
    expect(states.at(-1)).toBe('reconnecting'); // closed, with the next attempt on its way
    for (const d of [500, 1000, 2000, 4000, 8000]) {
      await flush(d);
      await act(async () => FakeWebSocket.last!.drop());
    }
    expect(states.at(-1)).toBe('error');
    expect(screen.getByText('It tries again by itself every few seconds.')).toBeInTheDocument();
    const before = FakeWebSocket.count;
    await flush(RETRY_AFTER_ERROR_MS + 100);
    expect(FakeWebSocket.count).toBe(before + 1);
    // a quiet try that fails leaves the error on screen, with no new round of attempts
    await act(async () => FakeWebSocket.last!.drop());
    expect(screen.getByText('Max reconnection attempts (5) reached.')).toBeInTheDocument();
    expect(states.at(-1)).toBe('error');
    await flush(RETRY_AFTER_ERROR_MS - 200);
    expect(FakeWebSocket.count).toBe(before + 1);
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    await flush(300);
    expect(FakeWebSocket.count).toBe(before + 2);
    expect(screen.getByRole('heading', { name: 'Connection Error' })).toBeInTheDocument();
    await act(async () => FakeWebSocket.last!.open());
    expect(states.at(-1)).toBe('connected');
    expect(screen.queryByRole('heading', { name: 'Connection Error' })).not.toBeInTheDocument();
  });

  it('switches to exactly the chosen camera from the picker, and Stop/Start work', async () => {
    const { media } = renderPage();
    await act(async () => FakeWebSocket.last!.open());
    await flush(1000);
    const picker = screen.getByLabelText('Camera');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Front camera', 'USB camera']);
    fireEvent.change(picker, { target: { value: 'cam-2' } });
    await flush();
    expect(media.tracks[0]!.stop).toHaveBeenCalled();
    expect(media.getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ deviceId: { exact: 'cam-2' } }) }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(media.tracks[1]!.stop).toHaveBeenCalled();
    expect(screen.getByTestId('streaming-state')).toHaveTextContent('Not streaming');
    fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    await flush();
    expect(media.getUserMedia).toHaveBeenCalledTimes(3);
  });

  it('releases the camera and closes the socket when leaving the page', async () => {
    const { media, unmount } = renderPage();
    const ws = FakeWebSocket.last!;
    await act(async () => ws.open());
    await flush(1000);
    unmount();
    expect(media.tracks[0]!.stop).toHaveBeenCalled();
    expect(ws.closed).toBe(1000);
  });

  it('renders the story panel slot with the live context', async () => {
    renderPage({ storyPanel: (live) => <p>story sees {live.connection.state}</p> });
    await act(async () => FakeWebSocket.last!.open());
    expect(screen.getByText('story sees connected')).toBeInTheDocument();
  });

  it('draws the hands while streaming, drops a frame answered after Stop, and reports the socket state', async () => {
    const states: (string | null)[] = [];
    const { unmount } = renderPage({ onLiveState: (st) => states.push(st) });
    const ws = FakeWebSocket.last!;
    await act(async () => ws.open());
    await flush(1000);
    const hand = { landmarks: Array.from({ length: 21 }, () => [10, 10, 0]), handedness: 'right', score: 0.9 };
    const processed = () =>
      act(async () =>
        ws.onmessage?.({
          data: JSON.stringify({
            type: 'processed_frame',
            data: { hands: [hand], width: 320, height: 240 },
            timestamp: new Date().toISOString(),
          }),
        } as MessageEvent),
      );
    await processed();
    const overlay = screen.getByTestId('landmark-overlay');
    expect(overlay).toHaveAttribute('data-hands', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(overlay).toHaveAttribute('data-hands', '0');
    await processed();
    expect(overlay).toHaveAttribute('data-hands', '0');
    expect(states).toContain('connected');
    unmount();
    expect(states.at(-1)).toBeNull();
  });
});
