import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, registerViaUi, test } from './support/fixtures';

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
  test(`no serious or critical axe violations in the ${theme} theme`, async ({ page, base }) => {
    await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
    for (const path of PUBLIC) {
      await page.goto(`${base}${path}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await ready(page);
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
    await registerViaUi(page);
    for (const path of PROTECTED) {
      await page.goto(`${base}${path}`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await ready(page);
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
  });
}
