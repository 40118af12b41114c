import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { expect, newLearner, pausePageClock, registerViaUi, test } from './support/fixtures';
import { removeDir, startE2EServer } from './support/server';
import { buildY4m, fakeCameraLaunchOptions } from './support/y4m';

/**
 * ASL World in Chromium with a fake camera that plays a Y4M built here from real photos
 * (Massey ASL letters a, b, c, letterboxed on black).
 */
const workDir = await mkdtemp(join(tmpdir(), 'asl-live-e2e-'));
const video = await buildY4m({
  photos: [
    'massey/asl_dataset/a/hand1_a_bot_seg_1_cropped.jpeg',
    'massey/asl_dataset/b/hand1_b_bot_seg_1_cropped.jpeg',
    'massey/asl_dataset/c/hand1_c_bot_seg_1_cropped.jpeg',
  ],
  out: join(workDir, 'signing.y4m'),
  framesPerPhoto: 15,
});

test.use({ launchOptions: fakeCameraLaunchOptions(video.path, CHROMIUM_PATH, CHROMIUM_ARGS) });

test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const openAdvanced = (page: Page) => page.getByTestId('advanced').locator('summary').click();

const stat = async (page: Page, id: string) =>
  Number.parseFloat((await page.getByTestId(`stat-${id}`).textContent()) ?? '0');

async function expectStreaming(page: Page) {
  await expect(page.getByTestId('connection-state')).toHaveText('Connected');
  await expect(page.getByTestId('streaming-state')).toHaveText('Streaming');
  await expect.poll(() => stat(page, 'fps'), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => stat(page, 'processed'), { timeout: 15_000 }).toBeGreaterThan(0);
}

test('frames flow from the fake camera, processed frames come back, and the camera can be switched', async ({
  page,
  base,
}) => {
  expect(video.frames).toBe(45);
  await registerViaUi(page);
  await page.goto(`${base}/asl-world`);
  await expect(page.getByRole('heading', { name: 'ASL World' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Connection:' })).toContainText('Connected');
  // the engineering figures are behind the closed "Advanced" disclosure
  await expect(page.getByText('Reconnect attempts: 0/5')).toBeHidden();
  await openAdvanced(page);
  await expect(page.getByText('Reconnect attempts: 0/5')).toBeVisible();

  // The camera starts by itself about a second after the connection is up.
  const videoEl = page.getByLabel('Your camera');
  await expect(videoEl).not.toHaveAttribute('data-stream-id', '');
  await expectStreaming(page);
  expect(await videoEl.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  // Frames are encoded off the main thread, in the OffscreenCanvas worker.
  expect(page.workers().some((w) => w.url().includes('encoder.worker'))).toBe(true);
  await expect(page.getByLabel('Frames per second')).toBeVisible();
  await expect(page.getByLabel('Adaptive FPS')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Processing capability')).toHaveText(/%$/);
  await expect(page.getByLabel('Average processing time')).toHaveText(/ ms$/);
  await expect.poll(() => stat(page, 'avg-time')).toBeGreaterThan(0);

  // The picker lists the fake device; choosing it restarts the stream with exactly that device.
  const picker = page.getByLabel('Camera', { exact: true });
  const options = picker.locator('option');
  await expect(options.first()).not.toHaveText('Default camera');
  expect(await options.count()).toBeGreaterThanOrEqual(1);
  const firstStream = await videoEl.getAttribute('data-stream-id');
  const deviceId = await options.first().getAttribute('value');
  await picker.selectOption(deviceId!);
  await expect(videoEl).not.toHaveAttribute('data-stream-id', firstStream!);
  await expect(videoEl).not.toHaveAttribute('data-stream-id', '');
  const processedBefore = await stat(page, 'processed');
  await expect.poll(() => stat(page, 'processed')).toBeGreaterThan(processedBefore);

  // Stop and start by keyboard.
  await page.getByRole('button', { name: 'Stop camera' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('streaming-state')).toHaveText('Not streaming');
  await expect(videoEl).toHaveAttribute('data-stream-id', '');
  await page.getByRole('button', { name: 'Start camera' }).focus();
  await page.keyboard.press('Enter');
  await expectStreaming(page);

  await page.setViewportSize({ width: 1280, height: 1080 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/asl-world.png' });
  // The same view in the other themes (tokens switched by <html data-theme>).
  for (const theme of ['dark', 'high-contrast']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot({ path: `/tmp/asl-world-${theme}.png` });
  }
});

test('killing and restarting the server makes the client reconnect with backoff', async ({ page, request }) => {
  test.setTimeout(120_000); // two server boots
  const first = await startE2EServer();
  const port = Number(new URL(first.url).port);
  let server = first;
  try {
    const learner = newLearner();
    const reg = await request.post(`${first.url}/api/v1/auth/register`, { data: learner });
    expect(reg.status()).toBe(201);
    await page.clock.install();
    await page.goto(`${first.url}/login`);
    await page.getByLabel('Email or username').fill(learner.email);
    await page.getByLabel('Password').fill(learner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${first.url}/asl-world`);
    await expectStreaming(page);
    await openAdvanced(page);

    await first.stop('SIGKILL');
    const killedAt = Date.now();
    await expect(page.getByTestId('reconnect-attempts')).toHaveText(/Reconnect attempts: [1-5]\/5/);
    await expect(page.getByTestId('connection-state')).not.toHaveText('Connected');
    await expect(page.getByTestId('streaming-state')).toHaveText('Paused: not connected');
    // Backoff: after 500 + 1000 + 2000 ms of failed attempts the client waits 4000 ms before its fourth.
    // The server stays down until then, so a fast reboot cannot cut the backoff short.
    await expect(page.getByTestId('reconnect-attempts')).toHaveText('Reconnect attempts: 4/5', { timeout: 10_000 });
    // The page's clock is paused while the server boots, so a slow boot cannot use up the
    // remaining attempts; the backoff timers carry on from where they were once it resumes.
    await pausePageClock(page);
    server = await startE2EServer({ dataDir: first.dataDir, port }).catch((err: Error) => {
      // Seen now and then: PGlite fails to reopen a data dir killed mid-write (server issue, reported).
      console.warn(`restart failed, trying once more: ${err.message.split('\n')[0]}`);
      return startE2EServer({ dataDir: first.dataDir, port });
    });
    console.log(`server back after ${Date.now() - killedAt} ms`);
    await page.clock.resume();
    await expect(page.getByTestId('connection-state')).toHaveText('Connected', { timeout: 15_000 });
    await expect(page.getByText('Reconnect attempts: 0/5')).toBeVisible();
    const processed = await stat(page, 'processed');
    await expect.poll(() => stat(page, 'processed'), { timeout: 15_000 }).toBeGreaterThan(processed);
  } finally {
    await server.stop();
    await removeDir(first.dataDir);
  }
});
