import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DRAW_SLOWER_HINT } from '../packages/practice/src/praise';
import type { MovingPhoto } from './support/y4m';
import { D_PHOTO, SIZE, startTopic, still, zAt } from './support/drawn-letters';
import { expect, newLearner, registerViaUi, test } from './support/fixtures';
import { NO_HAND, useFakeCamera } from './support/fake-camera';
import { fullPageScreenshot } from './support/screenshot';

/**
 * A Z drawn too fast for the camera, then drawn again more slowly. The fake camera (10 fps) holds
 * a real D photo (Massey, segmented on black) still, sweeps it across the Z's first stroke in
 * three frames (about 4 palms a second), loses it for three frames (what motion blur does to a
 * fast small hand in a dim room: `npm run eval:moving-photos`; here the frames are simply empty,
 * so the loss is certain), finds it again further along the Z and holds it there. Practice says
 * to draw the Z more slowly and counts nothing; the same D then draws a Z in 1.8 s and it is
 * accepted.
 */

/** `frames` frames moving from zAt(from) to zAt(to). */
const stroke = (from: number, to: number, frames: number): MovingPhoto => ({
  photo: D_PHOTO,
  size: SIZE,
  frames,
  at: (t) => zAt(from + (to - from) * t),
});

// An all-black square: frames in which the moving hand is not seen at all.
const dir = mkdtempSync(join(tmpdir(), 'asl-e2e-lost-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const GONE = join(dir, 'gone.png');
await sharp({ create: { width: SIZE, height: SIZE, channels: 3, background: { r: 0, g: 0, b: 0 } } })
  .png()
  .toFile(GONE);

await useFakeCamera(
  [
    NO_HAND,
    still(D_PHOTO, zAt(0), 15),
    stroke(0, 0.3, 3),
    still(GONE, zAt(0.35), 3),
    still(D_PHOTO, zAt(0.45), 25),
    NO_HAND,
    still(D_PHOTO, zAt(0), 15),
    stroke(0, 1, 18),
    still(D_PHOTO, zAt(1), 5),
    ...Array<null>(3).fill(NO_HAND),
  ],
  { fps: 10, framesPerPhoto: 20 },
);

test('a Z drawn too fast for the camera is met with "draw it more slowly", and counts nothing', async ({
  page,
  base,
}) => {
  test.setTimeout(180_000);
  await registerViaUi(page, newLearner(), base);
  await startTopic(page, base, 'zoo');
  await expect(page.getByLabel(/Spell ZOO: letter 1 of 3/)).toBeVisible();

  await expect(page.getByText(DRAW_SLOWER_HINT.Z)).toBeVisible({ timeout: 90_000 });
  await fullPageScreenshot(page, 'test-results/screenshots/practice-draw-slower.png');
  await expect(page.locator('.hint-correct')).toHaveText(/That's Z\. Well done!/, { timeout: 60_000 });
  await expect(page.getByLabel(/Spell ZOO: letter 2 of 3/)).toBeVisible();

  // Nothing was counted for the lost stroke: one letter, right first time, no wrong attempt.
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  await expect(page.getByTestId('result-letters')).toHaveText(/^1 of \d+ letters, 1 right first time$/);
  await expect(page.getByLabel('Score 100 percent')).toBeVisible();
});
