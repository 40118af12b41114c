import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerViaUi, test, startInTheme } from './support/fixtures';
import { settled } from './support/settled';
import { offlineSession } from './support/practice-data';
import { NO_HAND, useFakeCamera } from './support/fake-camera';

// A fake camera (no hand, then a C), so the practice screen can be checked with a story in progress.
await useFakeCamera([NO_HAND, 'massey/asl_dataset/c/hand2_c_top_seg_1_cropped.jpeg'], { fps: 10, framesPerPhoto: 20 });

const THEMES = ['light', 'dark', 'high-contrast'] as const;
const PUBLIC = ['/login', '/register'];
const PROTECTED = ['/dashboard', '/asl-world', '/harmony', '/reconnect', '/profile', '/settings'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

async function ready(page: Page) {
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let the toasts' entry animation settle so colours are measured at rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

for (const theme of THEMES) {
  test(`no serious or critical axe violations in the ${theme} theme`, async ({ page, base, request }) => {
    test.slow(); // eight routes, axe on each, on a shared two-core machine
    await startInTheme(page, theme);
    for (const path of PUBLIC) {
      await page.goto(`${base}${path}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await ready(page);
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
    await registerViaUi(page);
    // Practice data, so the dashboard shows its chart (axe once found it focusable though hidden).
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const practice = await request.post(`${base}/api/v1/practice/offline-sessions`, {
      headers: { authorization: `Bearer ${token}` },
      data: await offlineSession(request, base, token),
    });
    expect(practice.status()).toBe(201);
    for (const path of PROTECTED) {
      await page.goto(`${base}${path}`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await ready(page);
      if (path === '/dashboard') await expect(page.locator('.chart .recharts-label-list text').first()).toBeVisible();
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
    // Unknown paths land on the dashboard with a notice: checked too.
    await page.goto(`${base}/plugins`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await ready(page);
    expect(await seriousViolations(page), `/plugins (${theme})`).toEqual([]);
  });
}

for (const theme of THEMES) {
  test(`the practice screen in progress and the result: no serious or critical axe violations (${theme})`, async ({
    page,
    base,
  }) => {
    test.slow();
    await startInTheme(page, theme);
    await registerViaUi(page);
    await page.goto(`${base}/asl-world`);
    await expect(page.getByTestId('connection-state')).toHaveText('Connected', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Start My Cat' }).click();
    await expect(page.getByRole('heading', { name: 'My Cat' })).toBeFocused();
    await expect(page.getByTestId('streaming-state')).toHaveText('Streaming', { timeout: 30_000 });
    await expect(page.getByTestId('live-feedback')).toBeVisible();
    await ready(page);
    expect(await seriousViolations(page), `practice in progress (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Complete Story' }).click();
    await expect(page.getByRole('heading', { name: /^Story (complete!|ended early)$/ })).toBeFocused();
    await ready(page);
    expect(await seriousViolations(page), `result (${theme})`).toEqual([]);
  });
}
