// Fails at once, with the fix, when Debian's Chromium is missing. Never downloads a browser.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(`Chromium was not found at ${path}. Install it with: apt-get install chromium`);
  process.exit(1);
}
