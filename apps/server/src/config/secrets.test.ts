import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets';

describe('loadSecrets', () => {
  it('generates once into the data folder and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secrets-'));
    const first = await loadSecrets(dir, {});
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const second = await loadSecrets(dir, {});
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const mode = (await stat(join(dir, 'secrets.json'))).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers the environment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secrets-'));
    const s = await loadSecrets(dir, { JWT_SECRET: 'x'.repeat(40) });
    expect(s.jwtSecret).toBe('x'.repeat(40));
  });
});
