import type { Page } from '@playwright/test';

/**
 * The whole page as a picture, from its top. Chromium draws a full-page capture at the current
 * scroll position, so on a page scrolled down (practice scrolls the live view under the header on
 * Start) the sticky header came out in the middle of the picture, over the content. The page is
 * scrolled to its top first; a test's later steps scroll again as they need to.
 */
export async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}
