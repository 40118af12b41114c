import { test as base, expect, type Page } from '@playwright/test';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
};

let n = 0;
export function newLearner() {
  const id = `${Date.now().toString(36)}${(n++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  return {
    username: `learner_${id}`,
    email: `learner.${id}@example.org`,
    password: 'fingerspell-123',
    firstName: 'Robin',
  };
}

export async function registerViaUi(page: Page, learner = newLearner(), base = baseUrl()) {
  await page.goto(`${base}/register`);
  await page.getByLabel('First name (optional)').fill(learner.firstName);
  await page.getByLabel('Username').fill(learner.username);
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByLabel('Confirm password').fill(learner.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return learner;
}

export const test = base.extend<{ base: string }>({
  base: async ({}, use) => use(baseUrl()),
});
export { expect };

/** The page opens in `theme` (light, dark or high-contrast), as a learner who chose it before would find it. */
export async function startInTheme(page: Page, theme: string): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
}

/**
 * Pauses the page's (installed) clock a moment ahead of its own "now", so timers such as the
 * reconnect backoff stand still while a test waits on something slow outside the page.
 */
export async function pausePageClock(page: Page): Promise<void> {
  for (let ahead = 250; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (err) {
      if (ahead > 4000 || !/past/i.test((err as Error).message)) throw err;
    }
  }
}
