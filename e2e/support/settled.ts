import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits for the route transition to be marked finished: 100 ms after the page itself rendered,
 * with no start-up loader, session check or page skeleton left on screen (lib/perf/transitions.ts).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-route-transition', 'finished');
}
