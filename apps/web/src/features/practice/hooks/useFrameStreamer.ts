import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { createFrameEncoder, type FrameEncoder } from '../../../lib/live/encoder';
import { FrameStreamer, type FrameSink } from '../../../lib/live/streamer';

/**
 * Streams frames of the video while `active` (the camera is on and has a stream). The streamer
 * itself sends nothing while the socket is not open.
 */
export function useFrameStreamer(
  socket: FrameSink,
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  makeEncoder: () => FrameEncoder = createFrameEncoder,
) {
  const [streamer, setStreamer] = useState<FrameStreamer | null>(null);
  useEffect(() => {
    const s = new FrameStreamer({ socket, encoder: makeEncoder() });
    setStreamer(s);
    return () => s.dispose();
    // The encoder factory is fixed for the page's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [socket]);
  useEffect(() => {
    const video = videoRef.current;
    if (!streamer || !active || !video) return;
    streamer.start(video);
    return () => streamer.stop();
  }, [streamer, active, videoRef]);
  const stats = useSyncExternalStore(streamer?.subscribe ?? noopSubscribe, () => streamer?.getStats() ?? null);
  return stats;
}

const noopSubscribe = () => () => {};
