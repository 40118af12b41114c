// Bundles the server into dist/.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/migrate-cli.ts',
    'recognition-worker': 'src/recognition/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // npm packages stay external; the @asl workspaces (TypeScript source) are bundled in.
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@asl/') ? undefined : { external: true }));
      },
    },
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server built to apps/server/dist');
