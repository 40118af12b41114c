// The login route's JavaScript (the entry chunk and everything index.html preloads) must stay
// within 170 KB gzip. Reads the production build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
let total = 0;
for (const src of scripts) {
  const gz = gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length;
  total += gz;
  console.log(`  ${src}: ${(gz / 1024).toFixed(1)} KB gzip`);
}
const kb = total / 1024;
console.log(`Login route JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (scripts.length === 0) {
  console.error('No scripts found in index.html: is the build broken?');
  process.exit(1);
}
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
