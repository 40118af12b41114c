import { closeOfflineDb, OFFLINE_DB_NAME } from './store';

/** What the outbox's tests share: a fresh offline database, a signed-in learner, a JSON answer. */
export async function resetOfflineDb(): Promise<void> {
  await closeOfflineDb();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

export function signIn(id = 'user-1'): void {
  localStorage.setItem('auth_token', 'T');
  localStorage.setItem('refresh_token', 'R');
  localStorage.setItem('user_data', JSON.stringify({ id, email: `${id}@example.org` }));
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
