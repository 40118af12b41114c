import { call } from './http';

/** A password no common-password list holds. */
export const TEST_PASSWORD = 'Fingerspell-practice-42';

export interface TestLearner {
  username: string;
  email: string;
  password: string;
  access_token: string;
  refresh_token: string;
  user_id: string;
}

let seq = 0;
const octet = () => Math.floor(Math.random() * 250) + 1;
/**
 * A fresh client address per call (servers under test trust X-Forwarded-For), so per-address
 * limits never collide, even in Redis shared between runs.
 */
export const freshIp = () => `10.${octet()}.${octet()}.${octet()}`;

/** Registers a new learner on a server whose API base is `api` (a function of the path). */
export async function registerLearner(api: (path: string) => string, prefix = 'l'): Promise<TestLearner> {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const body = { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.org`, password: TEST_PASSWORD };
  const res = await call(api('/auth/register'), { body, headers: { 'x-forwarded-for': freshIp() } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return {
    ...body,
    access_token: res.body.access_token,
    refresh_token: res.body.refresh_token,
    user_id: res.body.user.id,
  };
}

/** Signs the learner in once more: a second sign-in session (another device). */
export async function signIn(
  api: (path: string) => string,
  learner: { username: string; password: string },
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await call(api('/auth/login'), {
    body: { identifier: learner.username, password: learner.password },
    headers: { 'x-forwarded-for': freshIp() },
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
