/**
 * A photo set's manifest.csv in the shared data (../shared/data/photos/<set>/): one record per
 * photo, keyed by the header's column names (path, label, signer, signer_group, ...).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export async function readManifest(photos: string, set: string): Promise<Array<Record<string, string>>> {
  const [head, ...lines] = (await readFile(path.join(photos, set, 'manifest.csv'), 'utf8')).trim().split(/\r?\n/);
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}
