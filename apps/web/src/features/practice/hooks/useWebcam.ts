import { useEffect, useState, useSyncExternalStore } from 'react';
import { WebcamManager } from '../../../lib/live/webcam';

/** The webcam manager; the camera is released when the page unmounts. */
export function useWebcam(factory?: () => WebcamManager) {
  const [webcam] = useState(() => factory?.() ?? new WebcamManager());
  const snapshot = useSyncExternalStore(webcam.subscribe, webcam.getSnapshot);
  useEffect(() => {
    void webcam.listDevices();
    return () => webcam.stop();
  }, [webcam]);
  return { webcam, snapshot };
}
