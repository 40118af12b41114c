import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, registerViaUi, test } from './support/fixtures';
import { useFakeCamera } from './support/fake-camera';
import { PHOTOS_DIR } from './support/y4m';

/**
 * A learner in a dark room: the fake camera plays a real photo of a hand (ASL-HG P10's A, a phone
 * photo in an ordinary room) at a twentieth of its light for 6 s, where no hand is found, then as
 * taken for 4 s. The practice card says the picture is too dark while it is, and stops saying it
 * once the light is back and the hand is read.
 */
const PHOTO = 'aslhg/A/P10_A_901.jpg';
const dir = mkdtempSync(join(tmpdir(), 'asl-e2e-dark-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const dark = join(dir, 'dark.jpeg');
await sharp(join(PHOTOS_DIR, PHOTO)).linear(0.05, 0).jpeg().toFile(dark);
await useFakeCamera([dark, dark, dark, PHOTO, PHOTO], { fps: 10, framesPerPhoto: 20 });

test('in a dark room the practice card says it is too dark, and stops once the light is back', async ({
  page,
  base,
}) => {
  test.setTimeout(120_000);
  await registerViaUi(page, undefined, base);
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  const card = page.getByTestId('live-feedback');
  const TOO_DARK = "It's too dark to see your hand. Turn on a light, or check that nothing covers the camera.";
  await expect(card).toContainText(TOO_DARK, { timeout: 30_000 });
  await expect(card).not.toContainText("I can't see your hand");
  await page.screenshot({ path: 'test-results/screenshots/practice-too-dark-1280x800.png' });
  // the light comes back: the hand is read, and nothing more is said about the light
  await expect(card).not.toContainText('too dark', { timeout: 30_000 });
  await expect(card).not.toContainText("I can't see your hand", { timeout: 10_000 });
});
