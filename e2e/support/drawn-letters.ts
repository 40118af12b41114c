import type { Page } from '@playwright/test';
import { jPath, zPath } from '../../packages/recognition/src/handshape/__fixtures__/drawn-letters';
import { expect } from './fixtures';
import type { MovingPhoto } from './y4m';

/**
 * J and Z drawn to the fake camera with real Massey photos (segmented on black): an I photo moved
 * along a J, a D photo along a Z. Both show a right hand with the palm to the camera (thumb toward
 * +x, where the index knuckle is). Sizes are in pixels of the 640x480 video: the photo is 260 px
 * square, so its palm (wrist to middle knuckle) is about 128 px.
 */
export const PALM = 128;
export const SIZE = 260;
export const I_PHOTO = 'massey/asl_dataset/i/hand1_i_bot_seg_1_cropped.jpeg';
export const D_PHOTO = 'massey/asl_dataset/d/hand1_d_dif_seg_1_cropped.jpeg';

/** J: down, then a hook toward the thumb (+x), 70% of the drawn-letters size. */
export function jAt(t: number): [number, number] {
  const [a, b] = jPath(t);
  return [150 + a * 0.7 * PALM, 10 + b * 0.7 * PALM];
}

/** Z: across away from the thumb (-x), diagonally back, across again; 1.2 palms wide and tall. */
export function zAt(t: number): [number, number] {
  const [a, b] = zPath(t);
  return [330 + a * 0.6 * PALM, 20 + b * 0.6 * PALM];
}

/** `photo` held still at `at` for `frames` frames. */
export const still = (photo: string, at: [number, number], frames: number): MovingPhoto => ({
  photo,
  size: SIZE,
  frames,
  at: () => at,
});

/** Opens ASL World, waits for the live connection and starts practising `topic`. */
export async function startTopic(page: Page, base: string, topic: string): Promise<void> {
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Or practise a topic').fill(topic);
  await page.getByRole('button', { name: 'Start topic' }).click();
}
