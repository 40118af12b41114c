import type { Page } from '@playwright/test';
import { expect, newLearner, registerViaUi } from './fixtures';

/** The letters done so far, from the story panel's "N of M letters". */
export const lettersDone = async (page: Page): Promise<number> =>
  Number(/(\d+) of \d+ letters/.exec((await page.getByText(/\d+ of \d+ letters/).textContent()) ?? '')?.[1] ?? -1);

/**
 * A new learner starts `title` online in ASL World and waits until the recogniser is ready on the
 * device (so practice can go on when the connection drops).
 */
export async function startStoryReadyForOffline(page: Page, base: string, title: string): Promise<void> {
  await registerViaUi(page, newLearner(), base);
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: `Start ${title}` }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 120_000 });
}
