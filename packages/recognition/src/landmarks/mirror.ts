/**
 * Left-right mirror images, and hands read in a mirror image put back into the original's pixels.
 * A photo read twice, as taken and mirrored, gives two readings whose landmark errors are largely
 * independent; their classifications are averaged (`classifyReadings`).
 */
import type { Hand, RgbImage } from './types.js';

/** A new image, flipped left to right (same channels). */
export function mirrorImage(img: RgbImage): RgbImage {
  const C = img.channels ?? 3;
  const W = img.width;
  const row = W * C;
  const src = img.data;
  const out = new Uint8Array(src.length);
  for (let y = 0; y < img.height; y++) {
    const o = y * row;
    for (let x = 0; x < W; x++) {
      const a = o + x * C;
      const b = o + (W - 1 - x) * C;
      for (let c = 0; c < C; c++) out[b + c] = src[a + c];
    }
  }
  return { data: out, width: W, height: img.height, channels: img.channels };
}

/**
 * A hand found in the mirror image of a `width`-pixel-wide picture, in the original picture's
 * pixels: x becomes width - x (pixel centres at +0.5 map onto each other), the crop turns the
 * other way, and the handedness swaps.
 */
export function unmirrorHand(hand: Hand, width: number): Hand {
  return {
    ...hand,
    landmarks: hand.landmarks.map(([x, y, z]) => [width - x, y, z]),
    handedness: hand.handedness === 'left' ? 'right' : 'left',
    box: { ...hand.box, x: width - hand.box.x - hand.box.w },
    rect: { ...hand.rect, cx: width - hand.rect.cx, rotation: -hand.rect.rotation },
  };
}
