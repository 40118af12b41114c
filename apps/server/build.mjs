// Bundles the server into dist/.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

const result = await build({
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/migrate-cli.ts',
    reports: 'src/reports-cli.ts',
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
  metafile: true,
});
// Test support (src/test/, *.test.ts, fixtures) never ships: stop if the bundle reached any of it.
const testFiles = Object.keys(result.metafile.inputs).filter((f) => /(^|\/)src\/test\/|\.test\.ts$|fixture/.test(f));
if (testFiles.length) {
  console.error(`The server bundle includes test code: ${testFiles.join(', ')}`);
  process.exit(1);
}
console.log('server built to apps/server/dist');
