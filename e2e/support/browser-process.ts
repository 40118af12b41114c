import { execFileSync } from 'node:child_process';
import type { BrowserContext } from '@playwright/test';

/**
 * Kills the Chromium that runs a persistent context with SIGKILL, the way a crash or a pulled plug
 * ends it: no shutdown code runs in the browser (no last background sync, no lifted network
 * emulation), so whatever was queued is exactly what survives on disk. Resolves when Playwright
 * has seen the context go.
 */
export async function killBrowser(ctx: BrowserContext, userDataDir: string): Promise<void> {
  const ps = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  // The browser process is the one with the profile folder and no --type= (renderers, GPU,
  // network and utility processes all carry one).
  const main = ps
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .filter(([, , args]) => args!.includes(`--user-data-dir=${userDataDir}`) && !args!.includes('--type='));
  if (main.length !== 1) throw new Error(`expected one browser process for ${userDataDir}, found ${main.length}`);
  const closed = new Promise<void>((resolve) => ctx.once('close', () => resolve()));
  process.kill(Number(main[0]![1]), 'SIGKILL');
  await closed;
}
