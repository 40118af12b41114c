import type { Page } from '@playwright/test';
import { expect, newLearner, pausePageClock, registerViaUi, test } from './support/fixtures';
import { expectChartLabelled } from './support/dashboard';
import { removeDir, startE2EServer, type E2EServer } from './support/server';
import { NO_HAND, SIGNED_CAT, useFakeCamera } from './support/fake-camera';
import { fullPageScreenshot } from './support/screenshot';

/**
 * Story practice in Chromium: the fake camera plays a video made from real photos that
 * fingerspell C-A-T (Massey ASL data set), the first word of the beginner story "My Cat": 4 s with
 * no hand (the story starts meanwhile), each letter for 2 s, then 20 s with no hand.
 */
await useFakeCamera(
  [
    NO_HAND,
    NO_HAND,
    ...SIGNED_CAT,
    // a long rest without a hand, so Complete Story is pressed before the video comes round to C again
    ...Array<null>(10).fill(NO_HAND),
  ],
  { fps: 10, framesPerPhoto: 20 },
);

const register = (page: Page, base: string) => registerViaUi(page, newLearner(), base);
const PICKED_UP = 'Picking up where you left this story: the tries you made in it before count too.';

async function startMyCat(page: Page, base: string) {
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByLabel(/Spell CAT: letter 1 of 3/)).toBeVisible();
}

test('a word signed right scores 100% on the result screen and on the dashboard', async ({ page, base }) => {
  test.setTimeout(180_000);
  await register(page, base);
  // started while the video shows no hand, so the learner's first sign is C
  await startMyCat(page, base);
  await fullPageScreenshot(page, 'test-results/screenshots/practice-start.png');
  // The letters advance as the learner (the video) signs C, A, T: each accepted once, with praise.
  await expect(page.getByText(/[1-9] of \d+ letters/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/3 of \d+ letters/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Sentence 2 of 4')).toBeVisible();
  await expect(page.locator('.hint-correct')).toHaveText(/That's T\. Well done! You spelled CAT\./);
  await fullPageScreenshot(page, 'test-results/screenshots/practice-feedback.png');

  // "This feedback is wrong", pressed after the hand has gone: the report carries the hand the
  // reading was made from (21 points), not the empty picture of now.
  await expect(page.getByText("I can't see your hand. Hold it up in front of the camera.")).toBeVisible({
    timeout: 30_000,
  });
  // It never reaches the server while this page is open (the connection to it is down): the report
  // waits in the outbox and is sent when the app next loads (below, the dashboard).
  await page.route('**/api/v1/feedback-reports', (r) => r.abort('internetdisconnected'));
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/v1/feedback-reports') && r.method() === 'POST');
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/v1/feedback-reports') && r.status() === 201);
  await page.getByRole('button', { name: 'This feedback is wrong' }).click();
  const report = (await reported).postDataJSON() as {
    client_id: string;
    target: string;
    detected: string;
    landmarks: number[][] | null;
  };
  expect(report).toMatchObject({ target: 'T', detected: 'T' });
  expect(report.landmarks).toHaveLength(21);
  // the joints' positions and what was read, never the picture
  for (const key of Object.keys(report))
    expect([
      'client_id',
      'session_id',
      'target',
      'detected',
      'confidence',
      'landmarks',
      'frames',
      'attempt_id',
    ]).toContain(key);
  await expect(page.getByRole('button', { name: 'Thanks, reported' })).toBeDisabled();
  // the practice screen on a phone, with the report acknowledged: nothing wider than the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await fullPageScreenshot(page, 'test-results/screenshots/practice-reported-390x844.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Complete Story with letters left (while the video shows no hand): 3 of 15 letters, all right first time.
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  await expect(page.getByLabel('Score 100 percent')).toBeVisible();
  await expect(page.getByTestId('result-letters')).toHaveText('3 of 15 letters, 3 right first time');
  await expect(page.getByText(/No wrong attempts/)).toBeVisible();
  await expect(page.getByText('The score counts the 3 letters you tried.')).toBeVisible();
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // nothing wider than the screen, the camera picker with its long device name included
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
    await fullPageScreenshot(page, `test-results/screenshots/practice-result-${w}x${h}.png`);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.unroute('**/api/v1/feedback-reports');
  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Recent sessions' })).toBeVisible();
  // the report that failed to send is on the server now, the same one
  expect((await stored).request().postDataJSON()).toMatchObject({ client_id: report.client_id, target: 'T' });
  const rightFirstTime = page.locator('.stat').filter({ hasText: 'Right first time' });
  await expect(rightFirstTime.locator('dd')).toHaveText('100%');
  await expect(page.getByText('3 of 3 letters right first time')).toBeVisible();
  await expect(page.locator('.recent-list')).toContainText('My Cat');
  await expect(page.locator('.recent-list')).toContainText(
    'ended early · 3 of 15 letters · 100% right first time · 3 attempts',
  );
  const figures = await expectChartLabelled(page);
  expect(figures).toEqual(['100%', '100%', '100%']);
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await fullPageScreenshot(page, `test-results/screenshots/dashboard-progress-${w}x${h}.png`);
  }
});

test('killing the server mid-story loses no completed letter: practice goes on on the device, then the client reconnects and resumes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  let server: E2EServer = await startE2EServer();
  const port = new URL(server.url).port;
  try {
    await register(page, server.url);
    await startMyCat(page, server.url);
    await expect(page.getByText(/[1-9] of \d+ letters/)).toBeVisible({ timeout: 90_000 });
    const doneText = (await page.getByText(/[1-9] of \d+ letters/).textContent()) ?? '';
    const doneBefore = Number(/(\d+) of \d+ letters/.exec(doneText)?.[1]);

    // The server's own answer on the reconnected socket: the session it resumed, from what it
    // had stored before the kill (the panel may still show its state from before the kill).
    const resumed = new Promise<{ letters_done: number; resumed: boolean }>((resolve, reject) => {
      page.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (typeof payload !== 'string') return;
          try {
            const msg = JSON.parse(payload) as { type?: string; data?: { letters_done: number; resumed: boolean } };
            if (msg.type === 'practice_session_response' && msg.data) resolve(msg.data);
          } catch (err) {
            reject(err as Error);
          }
        }),
      );
    });
    await page.getByTestId('advanced').locator('summary').click();
    await server.stop('SIGKILL');
    await expect(page.getByText(/Reconnect attempts: [1-5]\/5/)).toBeVisible({ timeout: 30_000 });
    // the story goes on on this device while the server is away (its signs counted nothing for the
    // five attempts' 16 s before)
    await expect(page.getByTestId('offline-practice')).toBeVisible({ timeout: 10_000 });
    // The restart can take longer than the five reconnect attempts on a busy machine: hold the
    // page's clock while the server boots, so the backoff does not run out meanwhile.
    await page.clock.install();
    await pausePageClock(page);
    server = await startE2EServer({ dataDir: server.dataDir, port: Number(port) });
    await page.clock.resume();

    await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    const state = await Promise.race([
      resumed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no practice_session_response within 30 s of reconnecting')), 30_000).unref(),
      ),
    ]);
    expect(state.resumed).toBe(true);
    expect(state.letters_done).toBeGreaterThanOrEqual(doneBefore);
    // and the panel shows the resumed session (or later letters, as the video goes on)
    await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
    const shown = async () =>
      Number(/(\d+) of \d+ letters/.exec((await page.getByText(/\d+ of \d+ letters/).textContent()) ?? '')?.[1]);
    await expect.poll(shown, { timeout: 30_000 }).toBeGreaterThanOrEqual(state.letters_done);
    // this page's own session, taken up again after a drop: nothing to tell
    await expect(page.getByText(PICKED_UP)).toHaveCount(0);
  } finally {
    await server.stop();
    await removeDir(server.dataDir);
  }
});

/** A new learner signs some of "My Cat" (at least one letter counted). */
/** Signs the first letters of "My Cat" as a new learner; returns the letters done. */
async function signSomeOfMyCat(page: Page, base: string): Promise<number> {
  await register(page, base);
  await startMyCat(page, base);
  await expect(page.getByText(/[1-9] of 15 letters/)).toBeVisible({ timeout: 90_000 });
  return lettersShown(page);
}

/** The letters done the story's progress line shows ("3 of 15 letters"). */
async function lettersShown(page: Page): Promise<number> {
  return Number(/(\d+) of 15 letters/.exec((await page.getByText(/\d+ of 15 letters/).textContent()) ?? '')?.[1]);
}

/** "My Cat", started again in another tab: taken up where it was left, and said so. */
async function takeUpMyCat(page: Page, base: string) {
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByText(PICKED_UP)).toBeVisible();
}

test('a story left unfinished in a closed tab is taken up where it was left, and the page says so', async ({
  page,
  base,
}) => {
  test.setTimeout(180_000);
  const done = await signSomeOfMyCat(page, base);
  // the tab is closed mid-story; the learner comes back in another and starts the same story
  const later = await page.context().newPage();
  await page.close();
  await takeUpMyCat(later, base);
  await expect.poll(() => lettersShown(later)).toBeGreaterThanOrEqual(done);
  await fullPageScreenshot(later, 'test-results/screenshots/practice-picked-up.png');
  // once a try of this sitting is counted, the notice has been read: it gives its room back
  await expect(later.getByText(PICKED_UP)).toHaveCount(0, { timeout: 60_000 });
});

test('"Choose another story" mid-story keeps the story: started again, it goes on where it was', async ({
  page,
  base,
}) => {
  test.setTimeout(180_000);
  const done = await signSomeOfMyCat(page, base);
  expect(done).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Choose another story' }).click();
  await expect(page.getByText('My Cat is kept where you left it: start it again to go on.')).toBeVisible();
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByText(PICKED_UP)).toBeVisible();
  // before, the link ended the story: it began again at 0 of 15
  await expect.poll(() => lettersShown(page)).toBeGreaterThanOrEqual(done);
});

test('a story taken up in another tab: the first tab says so at once and goes back to the stories', async ({
  page,
  base,
}) => {
  test.setTimeout(180_000);
  await signSomeOfMyCat(page, base);
  // a second tab takes up the same story: one tab practises a story at a time
  const other = await page.context().newPage();
  await takeUpMyCat(other, base);
  // the first tab does not go on taking signs that would count nothing
  await expect(
    page.getByText('This story was opened in another tab or on another device, so practice here stopped.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start My Cat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose another story' })).toHaveCount(0);
  await fullPageScreenshot(page, 'test-results/screenshots/practice-taken-up-elsewhere.png');
  // the second tab practises on
  await expect(other.getByRole('button', { name: 'Choose another story' })).toBeVisible();
  await other.close();
});
