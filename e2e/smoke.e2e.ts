import WebSocket from 'ws';
import { expect, newLearner, test } from './support/fixtures';

test('/ redirects to /login with the Sign In title', async ({ page, base }) => {
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('SignSpeak | Sign In');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the health endpoint is ok', async ({ request, base }) => {
  const res = await request.get(`${base}/api/v1/health`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
});

test('an unknown path serves the app, which sends a signed-out visitor to /login', async ({ page, base }) => {
  const res = await page.goto(`${base}/some/deep/link`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
});

test('a websocket to /ws/video receives exactly one connection_established', async ({ request, base }) => {
  const learner = newLearner();
  const reg = await request.post(`${base}/api/v1/auth/register`, { data: learner });
  expect(reg.status()).toBe(201);
  const { access_token } = await reg.json();
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/video?token=${access_token}`);
  const messages: { type: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'ping', timestamp: 1 }));
  await expect.poll(() => messages.some((m) => m.type === 'pong')).toBe(true);
  expect(messages.filter((m) => m.type === 'connection_established')).toHaveLength(1);
  ws.close();
});
