import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from '../db/migrate';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
export const TEMPLATE_DIR = join(repoRoot, '.cache', 'test-pglite-template');

/** Changes whenever a migration changes, so the template is rebuilt. */
export async function templateStamp(): Promise<string> {
  const folder = migrationsFolder();
  const files = (await readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
  const h = createHash('sha256');
  for (const f of files) h.update(f).update(await readFile(join(folder, f)));
  return h.digest('hex');
}
