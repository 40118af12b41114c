import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEMPLATE_DIR } from '../test/pglite-template';
import { DatabaseInUseError, lockText, openDatabase, PGLITE_LOCK_FILE, pgliteHolder, processStartTime } from './client';

/** A data folder with the suite's migrated PGlite template in it. */
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asl-lock-'));
  await cp(join(TEMPLATE_DIR, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** A process that lives until killed. */
const liveProcess = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

/** The id of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('the embedded database is opened by one process at a time', () => {
  it('holds a lock with its process id while open, and removes it on close', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    const db = await openDatabase({ dataDir: dir });
    // its id and its start time (from /proc on Linux): together they name one process
    expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(pgliteHolder(dir)).toBeNull(); // this process's own lock
    await db.close();
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(false);
  });

  it('refuses a folder another live process has open, touching nothing', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    const other = liveProcess();
    try {
      await writeFile(join(dir, PGLITE_LOCK_FILE), lockText(other.pid));
      expect(pgliteHolder(dir)).toBe(other.pid);
      // a lock written by an older version, with the id alone, is honoured too
      await writeFile(join(dir, PGLITE_LOCK_FILE), String(other.pid));
      expect(pgliteHolder(dir)).toBe(other.pid);
      const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseInUseError);
      expect((err as DatabaseInUseError).message).toContain(`in use by process ${other.pid}`);
      expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(String(other.pid));
      expect(existsSync(join(dir, 'pglite', 'postmaster.pid'))).toBe(false); // PGlite never opened
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that was killed without closing', async () => {
    const dir = await dataDir();
    dirs.push(dir);
    await writeFile(join(dir, PGLITE_LOCK_FILE), String(await deadPid()));
    expect(pgliteHolder(dir)).toBeNull();
    const db = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(lockText());
      expect(await db.ping()).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('takes over the lock of a killed process whose id another process now has', async () => {
    // after a crash and a container restart, the lock's process id often belongs to another
    // process: its start time tells them apart
    const dir = await dataDir();
    dirs.push(dir);
    const other = liveProcess();
    try {
      const started = Number(processStartTime(other.pid!));
      await writeFile(join(dir, PGLITE_LOCK_FILE), `${other.pid} ${started - 1}`);
      expect(pgliteHolder(dir)).toBeNull();
      const db = await openDatabase({ dataDir: dir });
      try {
        expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(lockText());
      } finally {
        await db.close();
      }
    } finally {
      other.kill();
    }
  });
});
