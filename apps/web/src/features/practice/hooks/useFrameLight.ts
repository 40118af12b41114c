import { useEffect, useState, type RefObject } from 'react';
import { meanLight, tooDark } from './frame-light';

/** How often the picture's light is looked at (ms). */
const EVERY_MS = 500;

/**
 * Whether the camera's picture is too dark (frame-light.ts), looked at twice a second on a 16x12
 * copy of the video while `active`; false while off or when the browser has no 2-D canvas.
 */
export function useFrameLight(video: RefObject<HTMLVideoElement | null>, active: boolean): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    if (!active) {
      setDark(false);
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 12;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    let was = false;
    const look = () => {
      const v = video.current;
      if (!v || v.readyState < 2 || !v.videoWidth) return;
      ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
      was = tooDark(meanLight(ctx.getImageData(0, 0, canvas.width, canvas.height).data), was);
      setDark(was);
    };
    const t = setInterval(look, EVERY_MS);
    return () => clearInterval(t);
  }, [video, active]);
  return dark;
}
