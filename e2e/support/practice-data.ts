import type { APIRequestContext } from '@playwright/test';

/**
 * Practice records as the app's offline practice makes them (the body of
 * `POST /api/v1/practice/offline-sessions`), for tests that need known practice data.
 */

interface Letter {
  sentence_index: number;
  word_index: number;
  letter_index: number;
  target: string;
}

/** A finished offline practice of the first level-1 story's first sentence: one miss, then every letter right. */
export async function offlineSession(api: APIRequestContext, base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await api.get(`${base}/api/v1/stories?level=1`, { headers })).json();
  const storyId = list.stories[0].id as string;
  const story = (await (await api.get(`${base}/api/v1/stories/${storyId}`, { headers })).json()).story as {
    sentences: { targets: string[] }[];
  };
  const letters: Letter[] = story.sentences[0]!.targets.flatMap((w, word_index) =>
    [...w].map((target, letter_index) => ({ sentence_index: 0, word_index, letter_index, target })),
  );
  const at = () => new Date().toISOString();
  const attempt = (l: Letter, correct: boolean) => ({
    client_id: crypto.randomUUID(),
    ...l,
    detected: correct ? l.target : null,
    correct,
    confidence: correct ? 0.92 : 0.3,
    held_ms: 450,
    at: at(),
  });
  return {
    client_id: crypto.randomUUID(),
    story_id: storyId,
    started_at: new Date(Date.now() - 90_000).toISOString(),
    completed_at: at(),
    attempts: [attempt(letters[0]!, false), ...letters.map((l) => attempt(l, true))],
  };
}
