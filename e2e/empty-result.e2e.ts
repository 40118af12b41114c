import { expect, newLearner, registerViaUi, test } from './support/fixtures';
import { fullPageScreenshot } from './support/screenshot';

/**
 * A story ended before any letter was tried (this browser has no camera at all): the practice card
 * says the camera could not start (not "I can't see your hand"), and the result says nothing was
 * tried, without a score or praise, and offers the same story again before another one.
 */
test('a story ended with nothing tried offers the same story again, with no score', async ({ page, base }) => {
  test.setTimeout(120_000);
  await registerViaUi(page, newLearner(), base);
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByText('No camera device found. Please connect a camera and try again.')).toBeVisible();
  const card = page.getByTestId('live-feedback');
  await expect(card).toHaveText(
    'The camera could not start, so no hand can be read. Follow the steps under the video.',
  );
  await fullPageScreenshot(page, 'test-results/screenshots/practice-no-camera.png');

  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  const lead = page.getByTestId('result-lead');
  await expect(lead).toHaveText('No letter was signed this time.');
  // in the page's text colour, not the success green
  const [leadColour, textColour] = await lead.evaluate((el) => [
    getComputedStyle(el).color,
    getComputedStyle(el.closest('section')!).color,
  ]);
  expect(leadColour).toBe(textColour);
  await expect(page.getByLabel('No score yet')).toHaveText('–');
  await expect(page.getByRole('button', { name: 'Practise the next story' })).toHaveCount(0);
  await fullPageScreenshot(page, 'test-results/screenshots/practice-result-nothing-tried.png');

  await page.getByRole('button', { name: 'Try this story again' }).click();
  await expect(page.getByRole('heading', { name: 'My Cat' })).toBeVisible();
  await expect(page.getByLabel(/Spell CAT: letter 1 of 3/)).toBeVisible();
  await expect(page.getByText('Sentence 1 of 4')).toBeVisible();
});
