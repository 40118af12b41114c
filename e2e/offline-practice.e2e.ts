import { expect, test } from './support/fixtures';
import { countReceived, lettersDone, restartThenOffline, startStoryReadyForOffline } from './support/offline-practice';
import { SIGNED_CAT, useFakeCamera } from './support/fake-camera';
import { fullPageScreenshot } from './support/screenshot';

/**
 * Offline practice in Chromium: the learner starts "My Cat" online, the network goes away, and
 * the fake camera (real photos fingerspelling C-A-T) keeps being recognised on the device with
 * the same recogniser (onnxruntime-web in a worker); the completion screen shows what was
 * recorded offline.
 */
await useFakeCamera([...SIGNED_CAT], { framesPerPhoto: 60 });

/** The result screen's figures: letters signed, right first time, and wrong attempts. */
async function resultLetters(page: import('@playwright/test').Page) {
  const line = (await page.getByTestId('result-letters').textContent()) ?? '';
  const [, signed, firstTry] = /(\d+) of \d+ letters?, (\d+) right first time/.exec(line) ?? [];
  const wrongLine = (await page.getByText(/wrong attempt/).textContent()) ?? '';
  const wrong = /No wrong attempts/.test(wrongLine) ? 0 : Number(/(\d+) wrong attempt/.exec(wrongLine)?.[1] ?? -1);
  return { signed: Number(signed ?? -1), firstTry: Number(firstTry ?? -1), wrong };
}

test('practice continues offline with the recogniser on the device, and the results land once', async ({
  page,
  context,
  base,
  request,
}) => {
  test.setTimeout(240_000);
  // The recogniser is prepared on the device in the background while the story runs online.
  await startStoryReadyForOffline(page, base, 'My Cat');
  // The page is cross-origin isolated, so the recogniser below runs onnxruntime-web on threads.
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  // Back to the first letter of CAT (the server may have read some of it meanwhile), then offline.
  await page.getByRole('button', { name: 'Restart Story' }).click();
  await expect(page.getByText(/^Sentence 1 of \d+ · 0 of \d+ letters/)).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-practice')).toContainText(
    "Offline practice: recognised on this device; results will sync when you're back online.",
  );
  await expect(page.getByTestId('streaming-state')).toHaveText('On this device');
  const before = await lettersDone(page);
  // The video keeps signing C, A, T: the letters advance with nothing reaching the server.
  await expect.poll(() => lettersDone(page), { timeout: 90_000 }).toBeGreaterThan(before);
  await expect(page.locator('.hint')).toBeVisible();
  await expect(page.getByText(/Read as [A-Z]/)).toBeVisible();
  // A reading reported offline waits in the outbox (nothing is sent while offline) and is stored
  // once the connection is back (below).
  let reportsWhileOffline = 0;
  const countReport = (r: { url(): string }) =>
    void (r.url().endsWith('/api/v1/feedback-reports') && reportsWhileOffline++);
  page.on('request', countReport);
  await page.getByRole('button', { name: 'This feedback is wrong' }).click();
  await expect(page.getByText("Thanks! It will be sent when you're back online")).toBeVisible();
  await fullPageScreenshot(page, 'test-results/screenshots/offline-reported.png');
  await expect(page.getByTestId('landmark-overlay')).toHaveAttribute('data-hands', '1', { timeout: 30_000 });
  await expect(page.getByTestId('local-frame-ms')).toHaveText(/about \d+ ms per frame/, { timeout: 30_000 });
  // Bench: per-frame time of the on-device recogniser (video frame -> worker -> landmarks), from
  // the page's performance timeline.
  const ms = await page.evaluate(() =>
    performance
      .getEntriesByName('asl-local-frame')
      .map((e) => e.duration)
      .sort((a, b) => a - b),
  );
  const q = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!);
  console.log(`[offline-bench] on-device frames: ${ms.length}, p50 ${q(0.5)} ms, p90 ${q(0.9)} ms, min ${q(0)} ms`);
  const offlineDone = await lettersDone(page);
  await fullPageScreenshot(page, 'test-results/screenshots/offline-practice.png');

  // Completing the story offline: the summary comes from the attempts recorded on the device.
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  const { signed, wrong } = await resultLetters(page);
  const scoreLabel = (await page.getByLabel(/^Score \d+ percent$/).getAttribute('aria-label')) ?? '';
  const score = Number(/Score (\d+) percent/.exec(scoreLabel)?.[1] ?? -1);
  expect(score).toBeGreaterThanOrEqual(0);
  expect(signed).toBeGreaterThanOrEqual(offlineDone - Math.max(0, before));
  const attempted = signed + wrong;
  await fullPageScreenshot(page, 'test-results/screenshots/offline-complete.png');

  // Still offline: the story list fetched earlier is shown, and a story practised before starts
  // on the device (other stories need the connection).
  await page.getByRole('button', { name: 'Choose another story' }).click();
  await expect(page.getByRole('button', { name: 'Start My Cat' })).toBeEnabled();
  const others = page.locator('.story-card button:disabled');
  expect(await others.count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByText(/^Sentence 1 of \d+ · 0 of \d+ letters/)).toBeVisible();
  await expect(page.getByTestId('offline-practice')).toContainText('recognised on this device');

  // Back online: the story completed on the device is uploaded from the practice-data queue and
  // shows in the learner's progress exactly once, with the attempts the completion screen counted.
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/practice/offline-sessions') && r.status() === 201,
    { timeout: 60_000 },
  );
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/v1/feedback-reports') && r.status() === 201, {
    timeout: 60_000,
  });
  page.off('request', countReport);
  expect(reportsWhileOffline).toBe(0);
  await context.setOffline(false);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('offline-practice')).toHaveCount(0);
  expect((await (await uploaded).json()).duplicate).toBe(false);
  const report = (await reported).request().postDataJSON() as { target: string; landmarks: unknown[] | null };
  expect(report.target).toMatch(/^[A-Z]$/);
  expect(report.landmarks).toHaveLength(21);
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const completedOffline = async () => {
    const res = await request.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { recent_sessions: Array<{ status: string; attempts: number }> };
    // ended on the device with letters left: ended early
    return body.recent_sessions.filter((r) => r.status === 'ended_early').map((r) => r.attempts);
  };
  expect(await completedOffline()).toEqual([attempted]);
  // and the server counts that session's letters as the device's result screen did
  const saved = (
    (await (
      await request.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { recent_sessions: Array<{ status: string; letters_done: number; overall_score: number | null }> }
  ).recent_sessions.filter((r) => r.status === 'ended_early');
  expect(saved.map((r) => [r.letters_done, r.overall_score])).toEqual([[signed, score]]);
  // Another replay (an online event, a reload) stores nothing more.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.reload();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await completedOffline()).toEqual([attempted]);
});

test('back online, practice returns to the server at the letter reached offline', async ({ page, context, base }) => {
  test.setTimeout(240_000);
  await startStoryReadyForOffline(page, base, 'My Cat');
  await restartThenOffline(page, context);
  const before = await lettersDone(page);
  await expect.poll(() => lettersDone(page), { timeout: 90_000 }).toBeGreaterThan(before);
  // The learner stops signing (camera off), then the connection returns.
  await page.getByRole('button', { name: 'Stop camera' }).click();
  // offline, the camera is all practice waits for: said so (not "Waiting for the live connection"),
  // and not "I can't see your hand"
  await expect(page.locator('.live-stage-placeholder')).toHaveText('The camera is off.');
  await expect(page.getByText(/I can't see your hand/)).toHaveCount(0);
  const reached = await lettersDone(page);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-practice')).toHaveCount(0);
  await expect(page.getByText(/Sentence 1 of \d+ · \d+ of \d+ letters/)).toBeVisible();
  // (at once when the device's log landed within the hand-back's wait, else when it lands: below)
  await expect.poll(() => lettersDone(page), { timeout: 20_000 }).toBe(reached);
  // Reload: the page resumes the server's session, which now holds the letter reached offline
  // (read as soon as the story shows: the camera starts a second later).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible({ timeout: 30_000 });
  expect(await lettersDone(page)).toBe(reached);
  await expect(page.getByTestId('streaming-state')).toHaveText('Streaming', { timeout: 30_000 });
});

test('back online with the device log slow to land: the panel counts the letters reached offline once it lands', async ({
  page,
  context,
  base,
}) => {
  test.setTimeout(240_000);
  const resumed = countReceived(page, 'practice_session_response');
  await startStoryReadyForOffline(page, base, 'My Cat');
  await restartThenOffline(page, context);
  await expect.poll(() => lettersDone(page), { timeout: 90_000 }).toBeGreaterThan(0);
  const resumedBefore = resumed();
  await page.getByRole('button', { name: 'Stop camera' }).click();
  const reached = await lettersDone(page);
  // The device's log is held on its way to the server past the hand-back's wait: live practice
  // continues on the server before the log is there.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  await context.route('**/api/v1/practice/offline-sessions', async (route) => {
    held++;
    await released;
    await route.continue();
  });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-practice')).toHaveCount(0);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);
  // the server's session is resumed at the letter reached, before the device's letters are there
  await expect.poll(resumed, { timeout: 30_000 }).toBeGreaterThan(resumedBefore);
  release();
  // once the log lands the panel counts them, with no new attempt (the camera is off)
  await expect.poll(() => lettersDone(page), { timeout: 20_000 }).toBe(reached);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible({ timeout: 30_000 });
  expect(await lettersDone(page)).toBe(reached);
});

test('a story restarted offline is the one continued back online, and the session it restarted ends', async ({
  page,
  context,
  base,
  request,
}) => {
  test.setTimeout(240_000);
  await startStoryReadyForOffline(page, base, 'My Cat');
  await context.setOffline(true);
  await expect(page.getByTestId('streaming-state')).toHaveText('On this device');
  // Restart Story on the device: the run begins again at C, a session of the device's own
  await page.getByRole('button', { name: 'Restart Story' }).click();
  await expect(page.getByText(/^Sentence 1 of \d+ · 0 of \d+ letters/)).toBeVisible();
  await expect.poll(() => lettersDone(page), { timeout: 90_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  const reached = await lettersDone(page);

  // Back online: the restarted run continues on the server, its letters counted
  await context.setOffline(false);
  await expect(page.getByTestId('offline-practice')).toHaveCount(0);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => lettersDone(page), { timeout: 15_000 }).toBe(reached);
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const sessions = async () => {
    const res = await request.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { recent_sessions: Array<{ status: string; letters_done: number }> };
    return body.recent_sessions;
  };
  // one session open, the restarted run with the letters the device counted; the session begun
  // online (if it had attempts, so a row) ended restarted, as Restart Story ends it online
  await expect
    .poll(async () => (await sessions()).filter((r) => r.status === 'active').map((r) => r.letters_done), {
      timeout: 15_000,
    })
    .toEqual([reached]);
  expect((await sessions()).every((r) => r.status === 'active' || r.status === 'restarted')).toBe(true);
  // a reload continues that same run
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible({ timeout: 30_000 });
  expect(await lettersDone(page)).toBe(reached);
});

test('a story practised offline and reloaded offline continues where it was, as one session', async ({
  page,
  context,
  base,
  request,
}) => {
  test.setTimeout(300_000);
  await startStoryReadyForOffline(page, base, 'My Cat', { reloadable: true });
  await restartThenOffline(page, context);
  await expect.poll(() => lettersDone(page), { timeout: 90_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  const reached = await lettersDone(page);

  // Reloaded with no connection: the story starts again from the cache at the letter reached
  // (read as soon as it shows: the camera starts a second later)
  await page.reload();
  await expect(page.getByText('No internet connection. Some features may not work.')).toBeVisible();
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  expect(await lettersDone(page)).toBe(reached);

  // Back online: one session holds it all, open to continue (not the first run left open beside a
  // second begun at C), and the page continues it
  await context.setOffline(false);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const active = async () => {
    const res = await request.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { recent_sessions: Array<{ status: string; letters_done: number }> };
    return body.recent_sessions.filter((r) => r.status === 'active').map((r) => r.letters_done);
  };
  await expect.poll(async () => (await active()).length, { timeout: 30_000 }).toBe(1);
  expect((await active())[0]).toBeGreaterThanOrEqual(reached);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  await expect.poll(async () => (await lettersDone(page)) === (await active())[0], { timeout: 20_000 }).toBe(true);
});

test('offline from the start: the app reloads from the cache and a story is practised on the device, then lands once', async ({
  page,
  context,
  base,
  request,
}) => {
  test.setTimeout(300_000);
  // the story is fetched once online, and the app kept by the service worker
  await startStoryReadyForOffline(page, base, 'My Cat', { reloadable: true });
  await page.getByRole('button', { name: 'Choose another story' }).click();

  // No connection at all: reload the app from the service worker's cache.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('No internet connection. Some features may not work.')).toBeVisible();
  // The cached page keeps its isolation headers: threads for the recogniser offline too.
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByTestId('offline-practice')).toContainText('recognised on this device', { timeout: 60_000 });
  const startCamera = page.getByRole('button', { name: 'Start camera' });
  if (await startCamera.isEnabled()) await startCamera.click();
  await expect.poll(() => lettersDone(page), { timeout: 120_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  // every counted attempt: the letters signed and the wrong attempts
  const { signed, wrong } = await resultLetters(page);
  const attempted = signed + wrong;
  expect(attempted).toBeGreaterThan(0);

  // Back online: the practice-data queue uploads it, and progress shows it exactly once.
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/practice/offline-sessions') && r.status() === 201,
    { timeout: 60_000 },
  );
  await context.setOffline(false);
  expect((await (await uploaded).json()).attempts_stored).toBe(attempted);
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const res = await request.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { recent_sessions: Array<{ status: string; attempts: number }> };
  // ended on the device with letters left: ended early
  expect(body.recent_sessions.filter((r) => r.status === 'ended_early').map((r) => r.attempts)).toEqual([attempted]);
});
