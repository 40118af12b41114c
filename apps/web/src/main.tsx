import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installRecovery } from './app/recovery';
import { startOffline } from './features/offline';
import { initPreferences } from './features/settings';
import './styles/tokens.css';
import './styles/app.css';

initPreferences();
installRecovery();
startOffline();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Development-only performance tools (spec section 9); the branch is removed from production builds.
if (import.meta.env.DEV) {
  void import('./lib/perf/dev-tools').then(({ startDevTools }) => {
    (window as unknown as { __perf?: unknown }).__perf = startDevTools();
  });
}
