import { expect, newLearner, registerViaUi, test } from './support/fixtures';
import { removeDir, startE2EServer } from './support/server';

/**
 * A story made for a topic is a row of the shared story table, so a learner may have a few made
 * an hour (STORIES_MADE_PER_HOUR). Past that, the page says so and the story list is there to
 * pick from; a topic made before still starts.
 */
test("a learner past the hour's new topics is told so, and can still pick a story or an earlier topic", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = await startE2EServer({ env: { STORIES_MADE_PER_HOUR: '1' } });
  try {
    await registerViaUi(page, newLearner(), server.url);
    await page.goto(`${server.url}/asl-world`);
    await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
    const topic = async (word: string) => {
      await page.getByLabel('Or practise a topic').fill(word);
      await page.getByRole('button', { name: 'Start topic' }).click();
    };
    await topic('wombat');
    await expect(page.getByRole('heading', { name: 'All about Wombat' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose another story' }).click();

    await topic('narwhal');
    await expect(
      page.getByText(
        'You have started many new topics and drills this hour. Choose a story from the list, or try again later.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All about Narwhal' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start My Cat' })).toBeEnabled();

    await topic('wombat');
    await expect(page.getByRole('heading', { name: 'All about Wombat' })).toBeVisible();

    // a topic no story can be made from: said so, in view below the sticky header (it was
    // "That story was not found.", scrolled under the header)
    await page.getByRole('button', { name: 'Choose another story' }).click();
    await topic('!!!');
    const said = page.getByText('No story can be made from that topic. Try a word or two, such as rain or ice cream.');
    await expect(said).toBeInViewport();
    const header = (await page.locator('header.header').boundingBox())!;
    const box = (await said.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  } finally {
    await server.stop();
    await removeDir(server.dataDir);
  }
});
