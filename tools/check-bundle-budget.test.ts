import { describe, expect, it } from 'vitest';
import { htmlScripts, staticImports } from './check-bundle-budget.mjs';

describe('the bundle budget follows what /login loads before it runs', () => {
  it('takes the classic and module scripts and the modulepreloads of the HTML, not the stylesheet', () => {
    const html = `<head><script src="/prefs.js"></script>
      <script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/constants-B2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-C3.css"></head>`;
    expect(htmlScripts(html)).toEqual(['/prefs.js', '/assets/index-A1.js', '/assets/constants-B2.js']);
  });

  it('follows static imports and re-exports of a minified module, never its dynamic import()', () => {
    const code =
      'const __vite__mapDeps=(i,m)=>i;\nimport{a as e,b as t}from"./jsx-runtime-X.js";import"./side-Y.js";' +
      'export{p as ForgotPasswordPage}from"./index-Z.js";const l=()=>e(()=>import("./signed-in-Q.js"),__vite__mapDeps([0]));' +
      'export{l as n};';
    expect(staticImports(code)).toEqual(['./jsx-runtime-X.js', './side-Y.js', './index-Z.js']);
  });
});
