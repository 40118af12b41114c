import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, newLearner, registerViaUi, test } from './support/fixtures';

test('register, stay signed in across a reload, log out, and return to the original page after sign-in', async ({
  page,
  base,
}) => {
  const learner = await registerViaUi(page);
  await expect(page).toHaveTitle('SignSpeak | Dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}!` })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${learner.firstName}!` })).toBeVisible();

  await page.getByRole('button', { name: learner.firstName }).click();
  await expect(page.getByRole('menu')).toContainText(learner.email);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been logged out.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await page.goto(`${base}/harmony`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or username').fill(`  ${learner.email.toUpperCase()} `);
  await page.getByLabel('Password').fill(learner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/harmony$/);
  await expect(page.getByRole('heading', { name: 'Harmony' })).toBeVisible();
});

test('a wrong password shows the exact spec text, and the sixth failure shows the lockout text', async ({
  page,
  base,
  request,
}) => {
  const learner = newLearner();
  expect((await request.post(`${base}/api/v1/auth/register`, { data: learner })).status()).toBe(201);
  await page.goto(`${base}/login`);
  const alert = page.getByRole('alert');
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel('Email or username').fill(learner.email);
    await page.getByLabel('Password').fill(`wrong-password-${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toHaveText('Invalid email or password. Please check your credentials and try again.');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await page.getByLabel('Password').fill(learner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toHaveText('Account temporarily locked due to multiple failed attempts');
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot and reset password through the outbox', async ({ page, base, request }) => {
  const learner = newLearner();
  expect((await request.post(`${base}/api/v1/auth/register`, { data: learner })).status()).toBe(201);
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(learner.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();

  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  const mails = await Promise.all(
    (await readdir(outbox)).map(async (f) => JSON.parse(await readFile(join(outbox, f), 'utf8'))),
  );
  const mail = mails.find((m: { to: string }) => m.to === learner.email);
  expect(mail).toBeTruthy();
  const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-one');
  await page.getByLabel('Confirm new password').fill('a-brand-new-one');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email or username').fill(learner.username);
  await page.getByLabel('Password').fill('a-brand-new-one');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
