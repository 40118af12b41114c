/**
 * `npm run reports:export -- [--since YYYY-MM-DD] [--out FILE]`: the learners' "This feedback is
 * wrong" reports that carry a hand, as landmark sequences (reports/export-reports.ts), to standard
 * output or FILE; learners are named by a keyed hash of their account with the server's secret
 * (JWT_SECRET, or DATA_DIR/secrets.json, as the server reads it). Reads DATABASE_URL, or the embedded database in DATA_DIR, which it refuses to
 * open while the server (or another process) has it open (db/client.ts pgliteHolder). Every failure is one line `error CODE: message` and exit 2:
 * USAGE, CONFIG (an environment variable or the server secret), DATABASE_IN_USE, DATABASE_UNAVAILABLE, OUT_NOT_WRITABLE.
 */
import { writeFile } from 'node:fs/promises';
import { parseEnv } from './config/env';
import { loadSecrets } from './config/secrets';
import { DatabaseInUseError, openDatabase } from './db/client';
import { exportReports } from './reports/export-reports';

function fail(code: string, message: string): never {
  console.error(`error ${code}: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { since: Date | null; out: string | null } {
  let since: Date | null = null;
  let out: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = argv[i + 1];
    if ((a === '--since' || a === '--out') && (value === undefined || value.startsWith('--')))
      fail('USAGE', `${a} needs a value`);
    if (a === '--since') {
      since = new Date(value!);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value!) || Number.isNaN(since.getTime()))
        fail('USAGE', `--since takes a date (YYYY-MM-DD), not "${value}"`);
      i++;
    } else if (a === '--out') {
      out = value!;
      i++;
    } else
      fail('USAGE', `unknown argument "${a}" (usage: npm run reports:export -- [--since YYYY-MM-DD] [--out FILE])`);
  }
  return { since, out };
}

const { since, out } = parseArgs(process.argv.slice(2));
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (err) {
  fail('CONFIG', (err as Error).message);
}
let secret: string;
try {
  secret = (await loadSecrets(env.DATA_DIR, env)).jwtSecret;
} catch (err) {
  fail('CONFIG', `the server secret in ${env.DATA_DIR} could not be read: ${(err as Error).message}`);
}
let text: string;
let counts: { lines: number; skipped: number };
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const { lines, skipped } = await exportReports(database.db, since, secret);
    text = lines.map((l) => JSON.stringify(l) + '\n').join('');
    counts = { lines: lines.length, skipped };
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof DatabaseInUseError) fail('DATABASE_IN_USE', err.message);
  fail('DATABASE_UNAVAILABLE', `the reports could not be read: ${(err as Error).message}`);
}
try {
  if (out) await writeFile(out, text);
  else process.stdout.write(text);
} catch (err) {
  fail('OUT_NOT_WRITABLE', `${out} could not be written: ${(err as Error).message}`);
}
console.error(
  `${counts.lines} report${counts.lines === 1 ? '' : 's'} with a hand${out ? ` written to ${out}` : ''}` +
    (counts.skipped ? ` (${counts.skipped} without 21 usable points left out)` : ''),
);
