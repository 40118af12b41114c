import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { expect, registerViaUi, test } from './support/fixtures';
import { killBrowser } from './support/browser-process';
import { offlineSession } from './support/practice-data';
import { removeDir, startE2EServer } from './support/server';

/**
 * Offline support in Chromium (issue 8): the service worker's cached shell, the offline banner,
 * the IndexedDB outbox replayed exactly once when the connection returns or the app reopens,
 * and the update prompt.
 *
 * Practice on the device is covered in offline-practice.e2e.ts; here the tests queue its results
 * the way `queuePracticeData` stores them (an offline record {key, data, timestamp} under
 * `outbox:practice-data:<client id>` in the `signspeak-offline` database) and check the real
 * replay, so the queue is tested apart from the recogniser: nothing test-only is built into the app.
 * Page views made offline are produced through the real UI.
 */

const BANNER = 'No internet connection. Some features may not work.';
const OUTBOX_ANALYTICS = 'outbox:analytics:';
const OUTBOX_PRACTICE = 'outbox:practice-data:';

/** Waits until the service worker is active and controls the page (the shell is precached). */
async function swControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
}

/**
 * Keys of the offline records in IndexedDB that start with `prefix`. The probe never creates the
 * database: an empty one made here first would lack the app's object store, and the app's own
 * open (same version, so no upgrade) could then never queue anything.
 */
function outboxKeys(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(
    (prefix) =>
      new Promise<string[]>((resolveKeys, reject) => {
        const open = indexedDB.open('signspeak-offline');
        open.onupgradeneeded = () => open.transaction?.abort(); // not there yet: leave it to the app
        open.onerror = () => (open.error?.name === 'AbortError' ? resolveKeys([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('records')) {
            db.close();
            return resolveKeys([]);
          }
          const req = db
            .transaction('records')
            .objectStore('records')
            .getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
          req.onsuccess = () => {
            db.close();
            resolveKeys(req.result as string[]);
          };
        };
      }),
    prefix,
  );
}

/** Stores a practice-data record in the outbox exactly as queuePracticeData does. */
async function queuePracticeRecord(page: Page, body: Awaited<ReturnType<typeof offlineSession>>) {
  await page.evaluate(
    (body) =>
      new Promise<void>((resolveDone, reject) => {
        const user = JSON.parse(localStorage.getItem('user_data')!) as { id: string };
        const open = indexedDB.open('signspeak-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          tx.objectStore('records').put({
            key: `outbox:practice-data:${body.client_id}`,
            data: { tag: 'practice-data', user_id: user.id, body },
            timestamp: Date.now(),
          });
          tx.oncomplete = () => {
            open.result.close();
            resolveDone();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    body,
  );
}

async function progress(api: APIRequestContext, base: string, token: string) {
  const res = await api.get(`${base}/api/v1/progress`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Sums what the server said about every analytics batch the page sent. */
function countAnalytics(page: Page) {
  const seen = { stored: 0, duplicates: 0, batches: 0, sent: 0 };
  const isBatch = (url: string, method: string) => url.endsWith('/api/v1/analytics/events') && method === 'POST';
  page.on('request', (req) => {
    if (isBatch(req.url(), req.method())) seen.sent++;
  });
  page.on('response', async (res) => {
    if (!isBatch(res.url(), res.request().method())) return;
    const body = (await res.json().catch(() => null)) as { stored?: number; duplicates?: number } | null;
    seen.stored += body?.stored ?? 0;
    seen.duplicates += body?.duplicates ?? 0;
    seen.batches++;
  });
  page.on('requestfailed', (req) => {
    if (isBatch(req.url(), req.method())) seen.sent--;
  });
  return seen;
}

test.describe('offline support', () => {
  test('reloads offline from the cache, queues page views and practice data, and syncs each once', async ({
    page,
    context,
    base,
    request,
  }) => {
    const analytics = countAnalytics(page);
    await registerViaUi(page);
    await swControls(page);
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    // Online page views go up in a batch; wait until nothing is queued.
    await expect.poll(() => outboxKeys(page, OUTBOX_ANALYTICS), { timeout: 15_000 }).toEqual([]);
    // The story list is fetched once online, through the service worker (network-first cache).
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'ASL World' }).click();
    await expect(page.getByRole('button', { name: 'Start My Cat' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => outboxKeys(page, OUTBOX_ANALYTICS), { timeout: 15_000 }).toEqual([]);
    // every batch sent so far answered and read (the page reads each answer asynchronously)
    await expect.poll(() => analytics.sent > 0 && analytics.batches === analytics.sent).toBe(true);
    const storedOnline = analytics.stored;
    expect(storedOnline).toBeGreaterThanOrEqual(1);

    await context.setOffline(true);
    await page.reload();
    // The signed-in shell comes from the service worker's cache, with the offline banner.
    await expect(page.getByText(BANNER)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await expect(page).toHaveTitle('SignSpeak | Dashboard');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // With this Playwright and Chromium, setOffline reaches the service worker too: its own fetches
    // fail, so the shell and the story list below come from its caches, not from the network.
    const worker = context.serviceWorkers()[0]!;
    expect(
      await worker.evaluate(() =>
        fetch('/api/v1/health').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-results/screenshots/offline-dashboard.png' });

    // Page views while offline (client-side navigation), and a finished offline practice.
    const nav = page.getByRole('navigation', { name: 'Modules' });
    await nav.getByRole('link', { name: 'ASL World' }).click();
    await expect(page.getByRole('button', { name: 'Start My Cat' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/offline-asl-world.png' });
    await nav.getByRole('link', { name: 'Harmony' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harmony' })).toBeVisible();
    await nav.getByRole('link', { name: 'Reconnect' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reconnect' })).toBeVisible();
    const session = await offlineSession(request, base, token);
    await queuePracticeRecord(page, session);
    await expect.poll(async () => (await outboxKeys(page, OUTBOX_ANALYTICS)).length).toBeGreaterThanOrEqual(3);
    const queuedEvents = (await outboxKeys(page, OUTBOX_ANALYTICS)).length;
    expect(await outboxKeys(page, OUTBOX_PRACTICE)).toEqual([`${OUTBOX_PRACTICE}${session.client_id}`]);
    expect((await progress(request, base, token)).totals.sessions).toBe(0);

    // Back online: the queues replay (online event and Background Sync) and empty.
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/practice/offline-sessions') && r.status() === 201,
    );
    await context.setOffline(false);
    await expect(page.getByText(BANNER)).toBeHidden();
    expect((await (await uploaded).json()).duplicate).toBe(false);
    await expect.poll(() => outboxKeys(page, OUTBOX_PRACTICE), { timeout: 15_000 }).toEqual([]);
    await expect.poll(() => outboxKeys(page, OUTBOX_ANALYTICS), { timeout: 15_000 }).toEqual([]);

    // Each record arrived exactly once.
    const p = await progress(request, base, token);
    // counted in letters (one miss, then every letter of the first sentence); the story ended early
    const letters = session.attempts.length - 1;
    expect(p.totals).toMatchObject({
      sessions: 1,
      completed_sessions: 0,
      letters_attempted: letters,
      letters_first_try: letters - 1,
    });
    expect(p.recent_sessions[0]).toMatchObject({
      story_id: session.story_id,
      status: 'ended_early',
      attempts: session.attempts.length,
    });
    await expect.poll(() => analytics.batches === analytics.sent).toBe(true);
    expect(analytics.stored - storedOnline).toBe(queuedEvents);

    // A second replay (another online event) stores nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    expect((await progress(request, base, token)).totals).toMatchObject({
      sessions: 1,
      letters_attempted: session.attempts.length - 1,
    });
    expect(analytics.duplicates).toBe(0);
  });

  test('records queued when the browser is killed offline still sync once after it reopens', async ({
    base,
    request,
  }) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'asl-e2e-profile-'));
    const launch = () =>
      chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      });
    let ctx: BrowserContext | null = await launch();
    try {
      let page = ctx.pages()[0] ?? (await ctx.newPage());
      await registerViaUi(page, undefined, base);
      await swControls(page);
      const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
      await expect.poll(() => outboxKeys(page, OUTBOX_ANALYTICS), { timeout: 15_000 }).toEqual([]);
      // Close and reopen once while online, so the sign-in is on disk before the browser is killed
      // (Chromium writes localStorage to disk a few seconds late).
      await ctx.close();
      ctx = await launch();
      page = ctx.pages()[0] ?? (await ctx.newPage());
      await page.goto(`${base}/dashboard`);
      await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
      await swControls(page);

      await ctx.setOffline(true);
      await page.reload();
      await expect(page.getByText(BANNER)).toBeVisible();
      const session = await offlineSession(request, base, token);
      await queuePracticeRecord(page, session);
      await expect.poll(async () => (await outboxKeys(page, OUTBOX_ANALYTICS)).length).toBeGreaterThanOrEqual(1);
      // Kill the browser with the records still queued. A graceful close lifts the offline
      // emulation while the service worker still runs, and its last background sync could upload
      // them before the browser is gone; a killed browser runs nothing more.
      await killBrowser(ctx, userDataDir);
      ctx = null;
      expect((await progress(request, base, token)).totals.sessions).toBe(0);

      ctx = await launch();
      page = ctx.pages()[0] ?? (await ctx.newPage());
      const uploaded = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/practice/offline-sessions') && r.status() === 201,
      );
      await page.goto(`${base}/dashboard`);
      await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
      await uploaded;
      await expect.poll(() => outboxKeys(page, OUTBOX_PRACTICE), { timeout: 15_000 }).toEqual([]);
      await expect.poll(() => outboxKeys(page, OUTBOX_ANALYTICS), { timeout: 15_000 }).toEqual([]);
      expect((await progress(request, base, token)).totals).toMatchObject({
        sessions: 1,
        letters_attempted: session.attempts.length - 1,
      });
    } finally {
      await ctx?.close();
      await rm(userDataDir, { recursive: true, force: true });
    }
  });

  test('tells the learner when a new version is ready and reloads into it', async ({ browser }) => {
    // Its own server over a copy of the build, so the test can publish a "new version" of /sw.js.
    const dist = await mkdtemp(join(tmpdir(), 'asl-e2e-dist-'));
    await cp(resolve(import.meta.dirname, '../apps/web/dist'), dist, { recursive: true });
    const server = await startE2EServer({ env: { WEB_DIST_DIR: dist, RATE_LIMIT_REGISTER_PER_MIN: '50' } });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await registerViaUi(page, undefined, server.url);
      await swControls(page);
      const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      const sw = join(dist, 'sw.js');
      // Published as the build does: the file and its precompressed copies, which the server prefers.
      const next = `${await readFile(sw, 'utf8')}\n// next version ${Date.now()}\n`;
      await writeFile(sw, next);
      await writeFile(`${sw}.br`, brotliCompressSync(next));
      await writeFile(`${sw}.gz`, gzipSync(next));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
      await expect(prompt).toBeVisible({ timeout: 20_000 });
      mkdirSync('test-results/screenshots', { recursive: true });
      await page.screenshot({ path: 'test-results/screenshots/update-ready.png' });
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      expect(
        await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { waiting: reg?.waiting ?? null, active: reg?.active?.state };
        }),
      ).toEqual({ waiting: null, active: 'activated' });
    } finally {
      await context.close();
      await server.stop();
      await removeDir(server.dataDir);
      await rm(dist, { recursive: true, force: true });
    }
  });
});
