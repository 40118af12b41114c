import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const el = (type) => ({ element: { type } });
const anyOf = (...types) => ({ element: { types: { anyOf: types } } });

/** Only app.ts and http/ may import the HTTP layer (a no-restricted-imports pattern). */
const HTTP_LAYER_ONLY = {
  group: ['**/http/*'],
  message: 'Only app.ts and http/ use the HTTP layer; errors come from apps/server/src/errors.ts.',
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.cache/**', 'test-results/**', 'apps/server/drizzle/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Architecture: the apps never import each other; features never reach into each other;
  // dependencies point one way (app -> features -> lib -> protocol).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/**/*', 'packages/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'protocol', pattern: 'packages/protocol' },
        { type: 'recognition', pattern: 'packages/recognition' },
        { type: 'practice', pattern: 'packages/practice' },
        { type: 'server', pattern: 'apps/server' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-test', pattern: 'apps/web/src/test' },
        { type: 'web-root', pattern: 'apps/web/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: el('protocol'), allow: { to: el('protocol') } },
            { from: el('recognition'), allow: { to: anyOf('recognition', 'protocol') } },
            { from: el('practice'), allow: { to: anyOf('practice', 'recognition', 'protocol') } },
            { from: el('server'), allow: { to: anyOf('server', 'protocol', 'recognition', 'practice') } },
            { from: el('web-root'), allow: { to: anyOf('web-app', 'web-feature', 'web-lib', 'protocol') } },
            { from: el('web-app'), allow: { to: anyOf('web-app', 'web-feature', 'web-lib', 'protocol') } },
            {
              from: el('web-feature'),
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            { from: el('web-feature'), allow: { to: anyOf('web-lib', 'protocol') } },
            { from: el('web-lib'), allow: { to: anyOf('web-lib', 'protocol', 'recognition', 'practice') } },
            { from: el('web-test'), allow: { to: anyOf('web-lib', 'protocol') } },
          ],
        },
      ],
    },
  },
  // The server's layers below HTTP (accounts, practice, live socket, recognition, metrics, ...)
  // never import from http/: AppError and the registry lookup are in apps/server/src/errors.ts.
  {
    files: ['apps/server/src/*/**/*.ts'],
    ignores: ['apps/server/src/http/**', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [HTTP_LAYER_ONLY],
        },
      ],
    },
  },
  // Recognition is below the live socket: the socket uses its frame processor, never the reverse.
  {
    files: ['apps/server/src/recognition/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            HTTP_LAYER_ONLY,
            {
              group: ['**/live/*', '**/practice/*'],
              message: 'recognition/ is used by the live socket and practice, never the reverse.',
            },
          ],
        },
      ],
    },
  },
);
