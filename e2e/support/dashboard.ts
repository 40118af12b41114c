import { expect, type Page } from '@playwright/test';

/**
 * The dashboard's per-letter chart shows on each bar the same figure as its screen-reader table;
 * returns those figures ("50%", ...).
 */
export async function expectChartLabelled(page: Page): Promise<string[]> {
  const figures = await page.locator('figure.chart-figure tbody td:nth-child(2)').allTextContents();
  expect(figures.length).toBeGreaterThan(0);
  await expect(page.locator('.chart .recharts-label-list text')).toHaveText(figures);
  // the table's last column counts the times each letter was asked for (its tries are more)
  await expect(page.locator('figure.chart-figure thead th')).toHaveText(['Letter', 'Accuracy', 'Times asked']);
  return figures;
}
