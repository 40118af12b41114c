/**
 * npm run bench:web -- [--loads N] [--path /login] [--url http://host:port] [--dist DIR] [--screenshots DIR]
 *
 * First paint of a page of the built app, as a new visitor sees it: each of N loads (default 5)
 * runs in a new Chromium context (empty HTTP cache, no service worker: `serviceWorkers: 'block'`)
 * against the built server (started here on a free port unless --url is given). Per load it
 * prints the largest contentful paint (PerformanceObserver 'largest-contentful-paint') and its
 * element, the first contentful paint, and the script bytes that went over the wire (encoded body
 * sizes, with `Accept-Encoding: br, gzip` as Chromium sends it), split into the scripts asked for
 * before DOMContentLoaded (the page's own module graph) and those asked for later (deferred work,
 * such as offline support started on load); then the medians. It
 * prints figures and never fails on speed. --dist DIR serves another web build (WEB_DIST_DIR),
 * to compare two builds; --screenshots DIR also saves the page at 1280x800 and 390x844.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { removeDir, startE2EServer } from '../../e2e/support/server';
import { fmt, percentile } from './stats';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const LOADS = Number(opt('loads') ?? 5);
const PATH = opt('path') ?? '/login';
const SCREENSHOTS = opt('screenshots');
const DIST = opt('dist');

interface Load {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** Script bytes asked for before DOMContentLoaded. */
  scriptBytes: number;
  /** Script bytes asked for after it (deferred work). */
  laterBytes: number;
  scripts: { url: string; bytes: number; encoding: string; later: boolean }[];
}

declare global {
  interface Window {
    __lcp?: { t: number; el: string };
  }
}

/** Records the latest LCP candidate before any page script runs. */
function observeLcp() {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const el = e.element;
      const name = el
        ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`
        : '?';
      window.__lcp = { t: e.startTime, el: name };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(observeLcp);
  const scripts: Load['scripts'] = [];
  const pending: Promise<void>[] = [];
  let parsed = false;
  const askedLater = new Set<unknown>();
  page.on('domcontentloaded', () => (parsed = true));
  page.on('request', (req) => {
    if (parsed) askedLater.add(req);
  });
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        const encoding = (await res?.headerValue('content-encoding')) ?? 'identity';
        const later = askedLater.has(req);
        scripts.push({ url: new URL(req.url()).pathname, bytes: sizes.responseBodySize, encoding, later });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // Two frames after the page settled, so the last candidate has been reported.
  const paint = await page.evaluate(
    () =>
      new Promise<{ lcp: { t: number; el: string } | null; fcp: number }>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            done({
              lcp: window.__lcp ?? null,
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
            }),
          ),
        ),
      ),
  );
  await context.close();
  return {
    lcpMs: paint.lcp?.t ?? NaN,
    lcpElement: paint.lcp?.el ?? '?',
    fcpMs: paint.fcp,
    scriptBytes: scripts.filter((x) => !x.later).reduce((s, x) => s + x.bytes, 0),
    laterBytes: scripts.filter((x) => x.later).reduce((s, x) => s + x.bytes, 0),
    scripts,
  };
}

async function screenshots(browser: Browser, url: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const file = join(dir, `${PATH.replace(/\W+/g, '_') || 'root'}-${width}x${height}.png`);
    await page.screenshot({ path: file });
    console.log(`screenshot: ${file}`);
    await context.close();
  }
}

async function main() {
  const given = opt('url');
  const server = given ? null : await startE2EServer(DIST ? { env: { WEB_DIST_DIR: resolve(DIST) } } : {});
  const base = (given ?? server!.url).replace(/\/$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const url = `${base}${PATH}`;
    console.log(`bench:web ${url}: ${LOADS} cold loads (new context each, no service worker)`);
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      const l = await loadOnce(browser, url);
      loads.push(l);
      console.log(
        `  load ${i + 1}: LCP ${fmt(l.lcpMs, 0)} ms (${l.lcpElement}), FCP ${fmt(l.fcpMs, 0)} ms, ` +
          `script ${fmt(l.scriptBytes / 1024)} KB on the wire (+${fmt(l.laterBytes / 1024)} KB later)`,
      );
    }
    const last = loads[loads.length - 1]!;
    for (const s of last.scripts)
      console.log(`    ${s.url}: ${fmt(s.bytes / 1024)} KB (${s.encoding}${s.later ? ', later' : ''})`);
    const median = (pick: (l: Load) => number) => percentile(loads.map(pick), 50);
    console.log(
      `median of ${LOADS}: LCP ${fmt(
        median((l) => l.lcpMs),
        0,
      )} ms, FCP ${fmt(
        median((l) => l.fcpMs),
        0,
      )} ms, ` +
        `script ${fmt(median((l) => l.scriptBytes) / 1024)} KB on the wire before DOMContentLoaded ` +
        `(+${fmt(median((l) => l.laterBytes) / 1024)} KB later)`,
    );
    if (SCREENSHOTS) await screenshots(browser, url, resolve(SCREENSHOTS));
  } finally {
    await browser.close();
    if (server) {
      await server.stop();
      await removeDir(server.dataDir);
    }
  }
}

await main();
