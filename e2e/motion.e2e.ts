import { D_PHOTO, I_PHOTO, jAt, SIZE, startTopic, still, zAt } from './support/drawn-letters';
import { expect, newLearner, registerViaUi, test } from './support/fixtures';
import { NO_HAND, useFakeCamera } from './support/fake-camera';
import { fullPageScreenshot } from './support/screenshot';

/**
 * J and Z drawn to the camera: the fake camera moves a real I photo along a J and a real D photo
 * along a Z (Massey ASL data set, segmented on black), as a learner draws them in the air, and the
 * topic "jz" is practised: the server tracks the moving hand, the motion detector reads the
 * fingertip's path, and practice accepts each letter. 10 fps: 4 s with no hand, the I held still,
 * the J drawn in 1.5 s, no hand, the D held still, the Z drawn in 1.8 s, then 20 s with no hand.
 */
await useFakeCamera(
  [
    NO_HAND,
    NO_HAND,
    still(I_PHOTO, jAt(0), 15),
    { photo: I_PHOTO, size: SIZE, frames: 15, at: jAt },
    still(I_PHOTO, jAt(1), 5),
    NO_HAND,
    still(D_PHOTO, zAt(0), 15),
    { photo: D_PHOTO, size: SIZE, frames: 18, at: zAt },
    still(D_PHOTO, zAt(1), 5),
    ...Array<null>(10).fill(NO_HAND),
  ],
  { fps: 10, framesPerPhoto: 20 },
);

test('J and Z drawn in the air are read from the movement and accepted', async ({ page, base }) => {
  test.setTimeout(180_000);
  await registerViaUi(page, newLearner(), base);
  await startTopic(page, base, 'jz');
  await expect(page.getByLabel(/Spell JZ: letter 1 of 2/)).toBeVisible();

  // The I held still is the J's handshape: a hint to draw it, never an attempt.
  await expect(page.locator('.hint-correct')).toHaveText(/That's J\. Well done!/, { timeout: 90_000 });
  await expect(page.getByLabel(/Spell JZ: letter 2 of 2/)).toBeVisible();
  await expect(page.locator('.hint-correct')).toHaveText(/That's Z\. Well done!/, { timeout: 30_000 });
  await expect(page.getByText(/2 of \d+ letters/)).toBeVisible();
  await fullPageScreenshot(page, 'test-results/screenshots/practice-jz.png');

  // "This feedback is wrong" on a drawn letter sends the movement before the reading, not one hand.
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/v1/feedback-reports') && r.method() === 'POST');
  await page.getByRole('button', { name: 'This feedback is wrong' }).click();
  const report = (await reported).postDataJSON() as {
    target: string;
    frames?: { t: number; landmarks: number[][] | null }[];
  };
  expect(report.target).toBe('Z');
  const hands = (report.frames ?? []).filter((f) => f.landmarks !== null);
  expect(hands.length).toBeGreaterThanOrEqual(10); // 2.5 s at up to 10 fps, the Z's 18 frames among them
  const times = report.frames!.map((f) => f.t);
  expect(times[0]).toBe(0);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times.at(-1)).toBeLessThanOrEqual(2500);
  // the hand moved across the frames: the index tip travelled more than a palm (128 px in 640, 64 in the 320 frame)
  const tipX = hands.map((f) => f.landmarks![8]![0]!);
  expect(Math.max(...tipX) - Math.min(...tipX)).toBeGreaterThan(40);

  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  await expect(page.getByTestId('result-letters')).toHaveText('2 of 4 letters, 2 right first time');
  await expect(page.getByLabel('Score 100 percent')).toBeVisible();
});
