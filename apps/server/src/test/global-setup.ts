import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { TEMPLATE_DIR, templateStamp } from './pglite-template';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * PGlite's first start (initdb in WebAssembly) takes ~15 s here; later starts of an existing
 * data folder ~2 s. So the suite migrates one template once and each test server copies it.
 */
export default async function setup(): Promise<void> {
  const stamp = await templateStamp();
  const stampFile = join(TEMPLATE_DIR, 'stamp.txt');
  if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) return;
  await rm(TEMPLATE_DIR, { recursive: true, force: true });
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const database = await openDatabase({ dataDir: TEMPLATE_DIR });
  await runMigrations(database);
  await database.close();
  await writeFile(stampFile, stamp);
}
