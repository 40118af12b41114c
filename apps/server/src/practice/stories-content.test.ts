import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStoryFiles } from './stories-repo';
import { storyTargets } from '@asl/practice';

describe('story library content', () => {
  it('passes the content checker (shape, levels, coverage of A-Z and 0-9)', () => {
    const checker = fileURLToPath(new URL('../../content/check-stories.mjs', import.meta.url));
    const res = spawnSync(process.execPath, [checker], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('parses with the protocol schema: at least 24 stories in 4 levels, every letter and digit practised', async () => {
    const stories = await readStoryFiles();
    expect(stories.length).toBeGreaterThanOrEqual(24);
    expect(new Set(stories.map((s) => s.level))).toEqual(new Set([1, 2, 3, 4]));
    const letters = new Set(stories.flatMap((s) => storyTargets(s).map((t) => t.letter)));
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') expect(letters.has(ch), ch).toBe(true);
  });
});
