import type { BrowserContext, Page } from '@playwright/test';
import { expect, newLearner, registerViaUi } from './fixtures';

/** The letters done so far, from the story panel's "N of M letters". */
export const lettersDone = async (page: Page): Promise<number> =>
  Number(/(\d+) of \d+ letters/.exec((await page.getByText(/\d+ of \d+ letters/).textContent()) ?? '')?.[1] ?? -1);

/**
 * A new learner starts `title` online in ASL World and waits until the recogniser is ready on the
 * device (so practice can go on when the connection drops); `reloadable`: the app can also be
 * reloaded offline (from the service worker's cache).
 */
export async function startStoryReadyForOffline(
  page: Page,
  base: string,
  title: string,
  opts: { reloadable?: boolean } = {},
): Promise<void> {
  await registerViaUi(page, newLearner(), base);
  await page.goto(`${base}/asl-world`);
  if (opts.reloadable) {
    // the service worker controls the page before the recogniser loads, so it keeps the models
    // and the wasm runtime, and the app reloads with no connection
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await page.reload();
  }
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 120_000 });
}

/** Counts the live socket's messages of a type as they arrive (from the socket's opening on). */
export function countReceived(page: Page, type: string): () => number {
  let n = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => void (String(payload).includes(`"type":"${type}"`) && n++)),
  );
  return () => n;
}

/** Restart Story (back to its first letter), then the connection drops: practice goes on on the device. */
export async function restartThenOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.getByRole('button', { name: 'Restart Story' }).click();
  await expect(page.getByText(/^Sentence 1 of \d+ · 0 of \d+ letters/)).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('streaming-state')).toHaveText('On this device');
}
