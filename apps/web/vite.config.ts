import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = process.env.BACKEND_URL ?? 'http://localhost:8080';

/** The page served at /login: index.html with the sign-in page's static HTML in #root. */
export const LOGIN_HTML = 'login.html';

/**
 * Renders src/app/prerender-login.tsx (the real LoginPage, through react-dom/server) at build
 * time and writes `login.html`: index.html with that markup in `#root`. The server sends it for
 * /login, so the sign-in page paints as soon as the HTML and CSS are in, before its script.
 */
function prerenderLogin(): Plugin {
  return {
    name: 'asl:prerender-login',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const out = await esbuild({
          entryPoints: [join(import.meta.dirname, 'src/app/prerender-login.tsx')],
          bundle: true,
          platform: 'node',
          format: 'cjs',
          write: false,
          jsx: 'automatic',
          // Components import their stylesheets; the markup needs none of them (Vite bundles the CSS).
          loader: { '.css': 'empty' },
          define: {
            'process.env.NODE_ENV': '"production"',
            'import.meta.env.PROD': 'true',
            'import.meta.env.DEV': 'false',
          },
          logLevel: 'warning',
        });
        const module = { exports: {} as { renderLoginShell?: () => string } };
        const load = new Function('module', 'exports', 'require', out.outputFiles[0]!.text) as (
          m: typeof module,
          e: typeof module.exports,
          r: NodeJS.Require,
        ) => void;
        load(module, module.exports, createRequire(import.meta.url));
        const shell = module.exports.renderLoginShell!();
        const html = String(index.source);
        if (!html.includes('<div id="root"></div>')) this.error('index.html has no empty <div id="root">');
        this.emitFile({
          type: 'asset',
          fileName: LOGIN_HTML,
          source: html.replace('<div id="root"></div>', `<div id="root">${shell}</div>`),
        });
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|wasm|txt|ico|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build
 * (source maps left out), once the service worker has been written; the server sends them
 * with `preCompressed` (apps/server/src/http/spa.ts). A copy that would not be smaller is
 * not written. Brotli at quality 11, 9 for files above 1 MB (the wasm runtime) to keep the
 * build quick.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'asl:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (f) => {
            const path = join(outDir, f);
            if (!(await stat(path)).isFile()) return;
            const raw = await readFile(path);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: raw.length > 1024 * 1024 ? 9 : 11,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await writeFile(`${path}.br`, br);
            if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // The service worker `/sw.js` from src/sw.ts (workbox, injectManifest); registered in
    // src/lib/outbox/register-sw.ts, so the plugin injects nothing and writes no web manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
        // The service worker serves every navigation from index.html; login.html is only the
        // network's first paint of /login.
        globIgnores: [LOGIN_HTML],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    prerenderLogin(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // @asl/protocol's modules only declare constants and zod schemas: a chunk that uses a
      // constant from it must not pull in every schema (and zod) through its index.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
