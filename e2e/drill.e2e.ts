import type { Page } from '@playwright/test';
import { expect, newLearner, registerViaUi, test } from './support/fixtures';
import { NO_HAND, SIGNED_CAT, useFakeCamera } from './support/fake-camera';
import { fullPageScreenshot } from './support/screenshot';

/**
 * A story's result says which letters to practise, and its button drills exactly those. The fake
 * camera (real Massey photos) signs a B where My Cat asks for C, then C, A, T: C took two tries.
 */
await useFakeCamera(
  [
    NO_HAND,
    NO_HAND,
    'massey/asl_dataset/b/hand1_b_dif_seg_2_cropped.jpeg', // wrong for C
    NO_HAND,
    ...SIGNED_CAT,
    ...Array<null>(10).fill(NO_HAND),
  ],
  { fps: 10, framesPerPhoto: 20 },
);

/** A new learner opens ASL World and starts My Cat (the video shows no hand yet). */
async function startMyCat(page: Page, base: string) {
  await registerViaUi(page, newLearner(), base);
  await page.goto(`${base}/asl-world`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start My Cat' }).click();
  await expect(page.getByLabel(/Spell CAT: letter 1 of 3/)).toBeVisible();
}

test("the result's button drills the letters the result names", async ({ page, base }) => {
  test.setTimeout(180_000);
  await startMyCat(page, base);

  // B for C is a wrong attempt; then C, A and T are accepted
  await expect(page.getByText(/3 of \d+ letters/)).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  await expect(page.getByTestId('result-letters')).toHaveText('3 of 15 letters, 2 right first time');
  await expect(page.getByText(/^1 wrong attempt/)).toBeVisible();
  await expect(page.getByTestId('result-lead')).toHaveText('You got 2 letters right first time: A and T.');
  await expect(page.getByRole('list', { name: 'Letters to practise' })).toHaveText('C 0%');
  await expect(page.getByText('Practise C: it took more than one try.')).toBeVisible();
  await fullPageScreenshot(page, 'test-results/screenshots/drill-result.png');

  // the button says the letters and opens a drill of exactly them, at My Cat's level
  await page.getByRole('button', { name: 'Practise C' }).click();
  await expect(page.getByRole('heading', { name: 'Practise C' })).toBeVisible();
  await expect(page.getByLabel(/^Sentence: Sign C, then /)).toBeVisible();
  await expect(page.getByLabel('Spell C: letter 1 of 1')).toBeVisible();
  // the drill's sentence marks the letter once, then its words
  const marks = await page.locator('.sentence mark').allTextContents();
  expect(marks[0]).toBe('C'); // the letter, not the comma after it
  expect(marks.filter((m) => m.replace(/\W/g, '') === 'C')).toHaveLength(1);
  await fullPageScreenshot(page, 'test-results/screenshots/drill-start.png');

  // a phone held sideways: the video and the letter to sign side by side, both whole on the screen
  await page.setViewportSize({ width: 740, height: 360 });
  await page.locator('.asl-world-grid').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(page.locator('.live-stage')).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Spell C: letter 1 of 1')).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screenshots/drill-landscape-740x360.png' });
});

test("a wrong reading reported doesn't count against the learner, on the result and the dashboard", async ({
  page,
  base,
}) => {
  test.setTimeout(180_000);
  await startMyCat(page, base);

  // the B read where C is asked: the learner says the reading is wrong
  await expect(page.getByText(/^Read as B ·/)).toBeVisible({ timeout: 120_000 });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/feedback-reports') && r.status() === 201);
  await page.getByRole('button', { name: 'This feedback is wrong' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks!' })).toHaveText(
    "Thanks! This try won't count against you. We'll use it to check this reading.",
  );
  const response = await sent;
  expect(response.request().postDataJSON()).toMatchObject({
    target: 'C',
    detected: 'B',
    attempt_id: expect.any(String),
  });
  expect(await response.json()).toMatchObject({ withdrawn: true });

  await expect(page.getByText(/3 of \d+ letters/)).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Complete Story' }).click();
  await expect(page.getByRole('heading', { name: 'Story ended early' })).toBeVisible();
  await expect(page.getByTestId('result-letters')).toHaveText('3 of 15 letters, 3 right first time');
  await expect(page.getByLabel('Score 100 percent')).toBeVisible();
  await expect(page.getByText(/No wrong attempts/)).toBeVisible();
  await page.goto(`${base}/dashboard`);
  await expect(page.getByText('3 of 3 letters right first time')).toBeVisible();
  await expect(page.locator('.recent-list')).toContainText('3 of 15 letters · 100% right first time · 3 attempts');
});
