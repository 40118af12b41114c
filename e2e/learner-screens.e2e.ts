import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerViaUi, test } from './support/fixtures';
import { offlineSession } from './support/practice-data';

/**
 * Issue 17 items 4, 5, 6, 8 and 9 in Chromium: way-finding, one theme control, honest offline
 * states, the chart on a phone, and screenshots of each changed screen at 1280x800 and 390x844
 * in the three themes (test-results/screenshots/issue17-*.png).
 */

const THEMES = ['light', 'dark', 'high-contrast'] as const;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SHOTS = 'test-results/screenshots';

/** One finished practice (letters right and one at 0%), sent through the real offline-sessions endpoint. */
async function practiseOnce(page: Page, request: APIRequestContext, base: string) {
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const session = await offlineSession(request, base, token);
  const never = session.attempts.at(-1)!.target;
  for (const a of session.attempts.filter((x) => x.target === never))
    Object.assign(a, { correct: false, detected: null, confidence: 0.3 });
  const res = await request.post(`${base}/api/v1/practice/offline-sessions`, {
    headers: { authorization: `Bearer ${token}` },
    data: session,
  });
  expect(res.status()).toBe(201);
}

async function settled(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-route-transition', 'finished');
}

async function dismissToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Bounding boxes of the elements matched, and whether any two overlap. */
async function overlaps(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluateAll((els) => {
    const boxes = els.map((e) => e.getBoundingClientRect());
    return boxes.some((a, i) =>
      boxes.some((b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
    );
  });
}

test.describe('way-finding (item 4)', () => {
  test('the Dashboard link is current at /dashboard; Settings and Profile name themselves; unknown paths say so', async ({
    page,
    base,
  }) => {
    await registerViaUi(page);
    const sidebar = page.getByRole('navigation', { name: 'Modules' });
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'ASL World' })).not.toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Harmony' }).click();
    await expect(sidebar.getByRole('link', { name: 'Harmony' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    const place = page.getByTestId('current-module');
    for (const [path, name] of [
      ['/settings', 'Settings'],
      ['/profile', 'Profile'],
    ]) {
      await page.goto(`${base}${path}`);
      await expect(place).toHaveText(`Current page: ${name}`);
    }
    for (const path of ['/plugins', '/no/such/page']) {
      await page.goto(`${base}${path}`);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('status').filter({ hasText: `The page ${path} does not exist, so here is your dashboard.` }),
      ).toBeVisible();
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: SIZES.phone, isMobile: true, hasTouch: true });

    test('the bottom bar marks the Dashboard; the drawer dims the page and closes on a tap outside or Escape', async ({
      page,
    }) => {
      await registerViaUi(page);
      const bottom = page.getByRole('navigation', { name: 'Mobile navigation' });
      await expect(bottom.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      const toggle = page.getByRole('button', { name: 'Open sidebar' });
      const sidebar = page.getByRole('navigation', { name: 'Modules' });
      await toggle.click();
      await expect(sidebar).toBeVisible();
      const backdrop = page.locator('.drawer-backdrop');
      await expect(backdrop).toBeVisible();
      expect(await backdrop.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/issue17-drawer-phone.png` });
      // a tap to the right of the drawer, on the dimmed page
      await page.touchscreen.tap(360, 500);
      await expect(sidebar).toBeHidden();
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await expect(sidebar).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sidebar).toBeHidden();
    });
  });
});

test('one theme control, one toast (item 5)', async ({ page, base }) => {
  await registerViaUi(page);
  await page.goto(`${base}/settings`);
  const picker = page.getByLabel('Theme');
  const tick = page.getByLabel('High contrast');
  await picker.selectOption('dark');
  await tick.check();
  await expect(picker).toHaveValue('high-contrast');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'high-contrast');
  await tick.uncheck();
  await expect(picker).toHaveValue('dark');
  await picker.selectOption('high-contrast');
  await expect(tick).toBeChecked();
  await picker.selectOption('light');
  await expect(tick).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /^Theme changed to/ })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Theme changed to Light' })).toBeVisible();
});

test.describe('honest states (item 6)', () => {
  test('the sidebar status follows /api/v1/ready and the connection', async ({ page, context, base }) => {
    await registerViaUi(page);
    const status = page.getByRole('navigation', { name: 'Modules' }).locator('.system-status');
    await expect(status).toHaveText('System Ready');
    await page.route(`${base}/api/v1/ready`, (route) => route.fulfill({ status: 503, body: '{"status":"error"}' }));
    await page.reload();
    await expect(status).toHaveText('Server unavailable: some features may not work');
    await page.unroute(`${base}/api/v1/ready`);
    await context.setOffline(true);
    await expect(status).toHaveText('Offline: practice is saved on this device');
    await context.setOffline(false);
    await expect(status).toHaveText('System Ready');
  });

  test('the dashboard offline shows the last progress the device had, marked offline', async ({
    page,
    context,
    base,
    request,
  }) => {
    test.slow();
    await registerViaUi(page);
    await practiseOnce(page, request, base);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Accuracy per letter' })).toBeVisible();
    const sessions = await page.locator('.stat').first().textContent();
    // the shell is served by the service worker once it controls the page
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/^Offline: your progress as of/)).toBeVisible();
    await expect(page.getByText('Loading your progress…')).toHaveCount(0);
    await expect(page.locator('.stat').first()).toHaveText(sessions!);
    await expect(page.getByRole('heading', { name: 'Accuracy per letter' })).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/issue17-dashboard-offline.png`, fullPage: true });
    await context.setOffline(false);
    await expect(page.getByText(/^Offline: your progress as of/)).toHaveCount(0);
  });
});

test.describe('the dashboard chart (items 8 and 9)', () => {
  test('is one named figure that takes no focus, with its table as the accessible version', async ({
    page,
    base,
    request,
  }) => {
    await registerViaUi(page);
    await practiseOnce(page, request, base);
    await page.reload();
    const figure = page.getByRole('figure', { name: /Accuracy per letter/ });
    await expect(figure).toBeVisible();
    await expect(figure.getByRole('table')).toHaveCount(1);
    // nothing in the drawing can be tabbed to (recharts' layers carry tabindex=-1 only)
    expect(await figure.locator('.chart [tabindex]:not([tabindex="-1"]), .chart svg[role]').count()).toBe(0);
    // Tabbing through the page never lands inside the chart.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.chart'))).toBe(false);
    }
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    test.describe(`at ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport });

      test('labels never overlap; screenshots in the three themes', async ({ page, base, request }) => {
        test.slow();
        await registerViaUi(page);
        await practiseOnce(page, request, base);
        mkdirSync(SHOTS, { recursive: true });
        for (const theme of THEMES) {
          await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
          await page.reload();
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('.chart .recharts-label-list text').first()).toBeVisible();
          await settled(page);
          expect(await overlaps(page, '.chart .recharts-label-list text')).toBe(false);
          expect(await overlaps(page, '.chart .recharts-cartesian-axis-tick text')).toBe(false);
          await dismissToasts(page);
          await page.screenshot({ path: `${SHOTS}/issue17-dashboard-${size}-${theme}.png`, fullPage: true });
          // centred, clear of the phone's bottom bar
          await page.locator('figure.chart-figure').evaluate((e) => e.scrollIntoView({ block: 'center' }));
          await page.locator('figure.chart-figure').screenshot({ path: `${SHOTS}/issue17-chart-${size}-${theme}.png` });
        }
      });

      test('screenshots of sign-in, registration, settings and an empty dashboard in the three themes', async ({
        page,
        base,
      }) => {
        test.slow();
        mkdirSync(SHOTS, { recursive: true });
        for (const theme of THEMES) {
          await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
          await page.goto(`${base}/login`);
          await expect(page.locator('.auth-brand svg')).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/issue17-login-${size}-${theme}.png` });
          await page.goto(`${base}/register`);
          await page.getByLabel('Password', { exact: true }).fill('password');
          await expect(page.getByText(/one of the most common passwords/)).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/issue17-register-${size}-${theme}.png`, fullPage: true });
        }
        await registerViaUi(page);
        for (const theme of THEMES) {
          await page.addInitScript((t) => localStorage.setItem('theme_settings', JSON.stringify({ name: t })), theme);
          await page.reload();
          await expect(page.getByText('No sessions yet.')).toBeVisible();
          await settled(page);
          await page.screenshot({ path: `${SHOTS}/issue17-empty-dashboard-${size}-${theme}.png`, fullPage: true });
          await page.goto(`${base}/settings`);
          await settled(page);
          await page.screenshot({ path: `${SHOTS}/issue17-settings-${size}-${theme}.png`, fullPage: true });
          await page.goto(`${base}/dashboard`);
        }
      });
    });
  }
});
