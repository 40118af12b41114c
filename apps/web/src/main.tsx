// The design tokens, the global base and the shared UI primitives first: every component's own
// stylesheet (imported beside it) comes after them in the bundle.
import './styles/tokens.css';
import './styles/app.css';
import './lib/ui/ui.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installRecovery } from './app/recovery';
import { initPreferences } from './features/settings/preferences';

initPreferences();
installRecovery();
// Rendered at once, not in a later task: /login arrives with the sign-in page's static HTML in
// #root (apps/web/vite.config.ts, prerenderLogin), which this first render replaces before
// DOMContentLoaded, so nothing can type into the static copy once the page reports loaded.
const root = createRoot(document.getElementById('root')!);
flushSync(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
// Offline support (service worker, IndexedDB queues) starts once the page has loaded: the
// sign-in page needs none of it to paint or to work.
const startOffline = () => void import('./features/connectivity').then((m) => m.startOffline());
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });

// Development-only performance tools (spec section 9); the branch is removed from production builds.
if (import.meta.env.DEV) {
  void import('./lib/perf/dev-tools').then(({ startDevTools }) => {
    (window as unknown as { __perf?: unknown }).__perf = startDevTools();
  });
}
