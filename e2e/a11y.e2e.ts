import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerViaUi, test } from './support/fixtures';
import { offlineSession } from './support/practice-data';

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
  await expect(page.locator('html')).toHaveAttribute('data-route-transition', 'finished');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let the toasts' entry animation settle so colours are measured at rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

for (const theme of THEMES) {
  test(`no serious or critical axe violations in the ${theme} theme`, async ({ page, base, request }) => {
    test.slow(); // eight routes, axe on each, on a shared two-core machine
    await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
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
