import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsAfterName, isGone, lockText, PGLITE_LOCK_FILE, pgliteHolder, processStartTime } from './client';

/** The state letter of a process (R, S, Z, ...), '?' when it is gone. */
function stateOf(pid: number): string {
  try {
    return fieldsAfterName(readFileSync(`/proc/${pid}/stat`, 'utf8'))[0] ?? '?';
  } catch {
    return '?';
  }
}

describe('a process that holds the embedded database', () => {
  it('reads the state after a command name with spaces and parentheses', () => {
    const fields = fieldsAfterName('4242 (node (worker) x) Z 1 4242 4242 0 -1 4194560');
    expect(fields.slice(0, 2)).toEqual(['Z', '1']);
    expect(isGone(fields)).toBe(true);
    expect(isGone(fieldsAfterName('4242 (node) S 1 4242'))).toBe(false);
    expect(isGone(null)).toBe(false);
  });

  // The attack review of 2026-11-28: a server killed with -9 stays a zombie until its parent reaps
  // it (1.4 s here), and a restart meanwhile was refused as "in use by process N".
  it('is not a zombie: a lock naming a killed, unreaped process is taken over', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-zombie-'));
    // `sleep 0` ends at once; its parent becomes `sleep 5`, which never waits for it: a zombie
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5']);
    try {
      const [out] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(out.toString().trim());
      await expect.poll(() => stateOf(zombie)).toBe('Z');
      await writeFile(join(dir, PGLITE_LOCK_FILE), `${zombie} ${processStartTime(zombie)}`);
      expect(pgliteHolder(dir)).toBeNull();
      // a live process still holds it
      await writeFile(join(dir, PGLITE_LOCK_FILE), lockText(parent.pid));
      expect(pgliteHolder(dir)).toBe(parent.pid);
    } finally {
      parent.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
