import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { expect, newLearner, pausePageClock, registerViaUi, test } from './support/fixtures';
import { expectChartLabelled } from './support/dashboard';
import { removeDir, startE2EServer, type E2EServer } from './support/server';
import { buildY4m, fakeCameraLaunchOptions } from './support/y4m';

/**
 * Story practice in Chromium: the fake camera plays a video made from real photos that
 * fingerspell C-A-T (Massey ASL data set), the first word of the beginner story "My Cat".
 */
const workDir = await mkdtemp(join(tmpdir(), 'asl-practice-e2e-'));
const video = await buildY4m({
  photos: [
    'massey/asl_dataset/c/hand2_c_dif_seg_2_cropped.jpeg',
    'massey/asl_dataset/a/hand1_a_dif_seg_2_cropped.jpeg',
    'massey/asl_dataset/t/hand1_t_left_seg_2_cropped.jpeg',
  ],
  out: join(workDir, 'cat.y4m'),
  framesPerPhoto: 60,
});

test.use({ launchOptions: fakeCameraLaunchOptions(video.path, CHROMIUM_PATH, CHROMIUM_ARGS) });
test.afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

const register = (page: Page, base: string) => registerViaUi(page, newLearner(), base);

async function startMyCat(page: Page, base: string) {
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByLabel(/Spell CAT: letter 1 of 3/)).toBeVisible();
}

test('sign the first word of a beginner story, complete it, and see it on the dashboard', async ({ page, base }) => {
  test.setTimeout(180_000);
  await register(page, base);
  await startMyCat(page, base);
  await page.screenshot({ path: 'test-results/screenshots/practice-start.png', fullPage: true });
  // The letters advance as the learner (the video) signs C, A, T.
  await expect(page.getByText(/[1-9] of \d+ letters/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/3 of \d+ letters/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Sentence 2 of 4')).toBeVisible();
  await expect(page.locator('.hint')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/practice-feedback.png', fullPage: true });

  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story complete!' })).toBeVisible();
  await expect(page.getByLabel(/Score \d+ percent/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/practice-complete.png', fullPage: true });

  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Recent sessions' })).toBeVisible();
  await expect(page.locator('.recent-list')).toContainText('My Cat');
  await expect(page.locator('.recent-list')).toContainText('completed');
  await expectChartLabelled(page);
  await page.screenshot({ path: 'test-results/screenshots/dashboard-progress.png', fullPage: true });
});

test('killing the server mid-story loses no completed letter: the client reconnects and resumes', async ({ page }) => {
  test.setTimeout(240_000);
  let server: E2EServer = await startE2EServer();
  const port = new URL(server.url).port;
  try {
    await register(page, server.url);
    await startMyCat(page, server.url);
    await expect(page.getByText(/[1-9] of \d+ letters/)).toBeVisible({ timeout: 90_000 });
    const doneText = (await page.getByText(/[1-9] of \d+ letters/).textContent()) ?? '';
    const doneBefore = Number(/(\d+) of \d+ letters/.exec(doneText)?.[1]);

    await server.stop('SIGKILL');
    await expect(page.getByText(/Reconnect attempts: [1-5]\/5/)).toBeVisible({ timeout: 30_000 });
    // The restart can take longer than the five reconnect attempts on a busy machine: hold the
    // page's clock while the server boots, so the backoff does not run out meanwhile.
    await page.clock.install();
    await pausePageClock(page);
    server = await startE2EServer({ dataDir: server.dataDir, port: Number(port) });
    await page.clock.resume();

    await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
    const after = Number(
      /(\d+) of \d+ letters/.exec((await page.getByText(/\d+ of \d+ letters/).textContent()) ?? '')?.[1],
    );
    expect(after).toBeGreaterThanOrEqual(doneBefore);
  } finally {
    await server.stop();
    await removeDir(server.dataDir);
  }
});
