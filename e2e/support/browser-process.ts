import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';

/** Command lines of the running processes, read from /proc (no `ps` needed). */
function processes(): { pid: number; args: string[] }[] {
  const out: { pid: number; args: string[] }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      out.push({ pid: Number(name), args });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/**
 * Kills the Chromium that runs a persistent context with SIGKILL, the way a crash or a pulled plug
 * ends it: no shutdown code runs in the browser (no last background sync, no lifted network
 * emulation), so whatever was queued is exactly what survives on disk. Resolves when Playwright
 * has seen the context go.
 */
export async function killBrowser(ctx: BrowserContext, userDataDir: string): Promise<void> {
  // The browser process is the one with the profile folder and no --type= (renderers, GPU,
  // network and utility processes all carry one).
  const main = processes().filter(
    (p) => p.args.includes(`--user-data-dir=${userDataDir}`) && !p.args.some((a) => a.startsWith('--type=')),
  );
  if (main.length !== 1) throw new Error(`expected one browser process for ${userDataDir}, found ${main.length}`);
  const closed = new Promise<void>((resolve) => ctx.once('close', () => resolve()));
  process.kill(main[0]!.pid, 'SIGKILL');
  await closed;
}
