import { expect, registerViaUi, test } from './support/fixtures';
import { expectChartLabelled } from './support/dashboard';
import { offlineSession } from './support/practice-data';

/**
 * The dashboard's per-letter chart on known practice data (one session sent through the real
 * offline-sessions endpoint): each bar carries its percentage, a letter at 0% included.
 */
test('the accuracy chart labels every letter, a letter never signed right as 0%', async ({ page, base, request }) => {
  await registerViaUi(page);
  const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  const session = await offlineSession(request, base, token);
  // the sentence's last letter is never made: its one attempt is a miss
  const never = session.attempts.at(-1)!.target;
  for (const a of session.attempts.filter((x) => x.target === never))
    Object.assign(a, { correct: false, detected: null, confidence: 0.3 });
  const res = await request.post(`${base}/api/v1/practice/offline-sessions`, {
    headers: { authorization: `Bearer ${token}` },
    data: session,
  });
  expect(res.status()).toBe(201);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Right first time, per letter' })).toBeVisible();
  const figures = await expectChartLabelled(page);
  expect(figures).toContain('0%');
  // the 0% letter still has a visible sliver of a bar
  const bars = page.locator('.chart .recharts-bar-rectangle path');
  await expect(bars).toHaveCount(figures.length);
  for (const box of await bars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
    expect(box).toBeGreaterThan(1);
  await page.locator('figure.chart-figure').screenshot({ path: 'test-results/screenshots/dashboard-chart-zero.png' });
});
