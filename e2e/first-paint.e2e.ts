import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// /login arrives with the sign-in page's static HTML (login.html, made by the web build), so it
// paints before its script; the script's first render must replace it with the live page,
// looking the same, before the page reports DOMContentLoaded.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The live (React-rendered) inputs have names; the static copy's have none. */
const liveForm = (page: Page) => page.locator('input[name="identifier"]');

async function shot(browser: Browser, url: string, viewport: { width: number; height: number }, js: boolean) {
  const context = await browser.newContext({ viewport, javaScriptEnabled: js, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  if (js) await expect(liveForm(page)).toHaveCount(1);
  else await expect(liveForm(page)).toHaveCount(0);
  const png = await page.screenshot();
  await context.close();
  return png;
}

test('/login paints the sign-in page from its HTML alone, looking exactly like the live page', async ({
  browser,
  base,
}) => {
  for (const viewport of VIEWPORTS) {
    const staticPage = await shot(browser, `${base}/login`, viewport, false);
    const livePage = await shot(browser, `${base}/login`, viewport, true);
    expect(staticPage.equals(livePage), `${viewport.width}x${viewport.height}`).toBe(true);
  }
});

test('the static copy carries no password and is replaced by the live form before DOMContentLoaded', async ({
  page,
  base,
}) => {
  // A form sent before the script ran: its inputs have no names, so nothing is sent.
  const html = await (await page.request.get(`${base}/login`)).text();
  expect(html).toContain('<h1>Sign in</h1>');
  expect(html).toContain('type="password"');
  expect(html).not.toMatch(/<input[^>]*\bname=/);

  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { liveAtDcl: boolean }).liveAtDcl = !!document.querySelector('input[name="identifier"]');
    });
  });
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => (window as unknown as { liveAtDcl?: boolean }).liveAtDcl)).toBe(true);
  await expect(page.locator('#root input')).toHaveCount(2);
});
