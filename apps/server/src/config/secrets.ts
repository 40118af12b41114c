import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
}

/**
 * Secrets come from the environment, or are generated on first run into
 * DATA_DIR/secrets.json (mode 0600) and reused after that. Never committed.
 */
export async function loadSecrets(dataDir: string, fromEnv: { JWT_SECRET?: string | undefined }): Promise<Secrets> {
  if (fromEnv.JWT_SECRET) return { jwtSecret: fromEnv.JWT_SECRET };
  const file = join(dataDir, 'secrets.json');
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
    if (typeof parsed.jwtSecret === 'string' && parsed.jwtSecret.length >= 32) return { jwtSecret: parsed.jwtSecret };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'w' });
  return secrets;
}
