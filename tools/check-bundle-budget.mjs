// The sign-in page's JavaScript as it goes over the wire must stay within 100 KB.
//
// Starts the built server (apps/server/dist/main.js, on a free port, its own temporary data
// folder) unless --url names a running one, asks for /login with `Accept-Encoding: br, gzip`
// as a browser does, and follows what the page loads before it can run: the scripts and
// modulepreloads of the HTML and, from each module, its static imports (never its dynamic
// import(), which load later, on demand). Each response's bytes are counted as they arrive
// (compressed when the server compressed them). Prints every file with its encoding.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BUDGET_KB = 100;
const root = resolve(import.meta.dirname, '..');
const PAGE = '/login';

/** One GET as a browser sends it; the body as it came over the wire. */
function get(url) {
  return new Promise((done, fail) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        done({
          status: res.statusCode,
          encoding: res.headers['content-encoding'] ?? 'identity',
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

async function decoded(res) {
  const zlib = await import('node:zlib');
  if (res.encoding === 'br') return zlib.brotliDecompressSync(res.body).toString();
  if (res.encoding === 'gzip') return zlib.gunzipSync(res.body).toString();
  return res.body.toString();
}

/** The scripts an HTML page loads before it runs: classic and module scripts, modulepreloads. */
export function htmlScripts(html) {
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)].map((m) => m[1]);
  return [...tags, ...preloads];
}

/** A module's static imports and re-exports (`import ... from "x"`, `import "x"`, `export ... from "x"`). */
export function staticImports(code) {
  const found = [];
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g))
    found.push(m[1]);
  return found;
}

async function startServer() {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('The server is not built: run `npm run build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'asl-budget-'));
  const template = join(root, '.cache', 'test-pglite-template', 'pglite');
  if (existsSync(template)) await cp(template, join(dataDir, 'pglite'), { recursive: true });
  const proc = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => proc.once('exit', r));
  let output = '';
  proc.stderr.on('data', (c) => (output += c));
  const url = await new Promise((done, fail) => {
    proc.stdout.on('data', (c) => {
      output += c;
      const m = /running at (http:\/\/\S+)/.exec(output);
      if (m) done(m[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => fail(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return {
    url,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const i = process.argv.indexOf('--url');
  const server = i > 0 ? null : await startServer();
  const base = (i > 0 ? process.argv[i + 1] : server.url).replace(/\/$/, '');
  try {
    const page = await get(`${base}${PAGE}`);
    if (page.status !== 200) throw new Error(`${PAGE} answered ${page.status}`);
    const queue = htmlScripts(await decoded(page)).map((src) => new URL(src, `${base}${PAGE}`).href);
    const seen = new Set();
    let total = 0;
    while (queue.length > 0) {
      const url = queue.shift();
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await get(url);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      total += res.body.length;
      console.log(`  ${new URL(url).pathname}: ${(res.body.length / 1024).toFixed(1)} KB (${res.encoding})`);
      for (const dep of staticImports(await decoded(res))) queue.push(new URL(dep, url).href);
    }
    const kb = total / 1024;
    console.log(`${PAGE} JavaScript on the wire: ${kb.toFixed(1)} KB in ${seen.size} files (budget ${BUDGET_KB} KB)`);
    if (seen.size === 0) {
      console.error(`No scripts found in ${PAGE}: is the build broken?`);
      process.exitCode = 1;
    } else if (kb > BUDGET_KB) {
      console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
