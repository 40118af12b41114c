import { BREAKPOINTS, MOBILE_NAV_MAX_MODULES, PRODUCT_NAME } from '@asl/protocol';
import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthErrorBoundary, NetworkErrorBoundary, useNotFoundNotice } from '../../features/errors';
import { MODULES, ModuleNavLink, bottomNavModules, headerPlaceForPath } from '../../features/modules';
import { SystemStatus } from '../../features/connectivity/SystemStatus';
import { ThemePicker } from '../../features/settings';
import { Logo } from '../../lib/ui/Logo';
import { useMediaQuery } from '../../lib/ui/use-media-query';
import { MODULE_ICONS } from './icons';
import { UserMenu } from './UserMenu';
import './shell.css';

/** The signed-in layout: header, sidebar, content, and the bottom navigation on mobile. */
export function AppShell() {
  const location = useLocation();
  const compact = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [sidebarOpen, setSidebarOpen] = useState(!compact);
  useEffect(() => setSidebarOpen(!compact), [compact]);
  const current = headerPlaceForPath(location.pathname);
  useNotFoundNotice(location.pathname);
  const drawer = compact && sidebarOpen;
  const toggle = useRef<HTMLButtonElement>(null);
  // The phone's drawer closes with Escape, as it does on a tap outside it.
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setSidebarOpen(false);
      toggle.current?.focus(); // focus returns to the menu button, not to the page's body
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className={`shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-closed'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <button
          ref={toggle}
          type="button"
          className="icon-button"
          aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          onClick={() => setSidebarOpen((o) => !o)}
        >
          <Menu aria-hidden="true" />
        </button>
        <span className="product-title">
          <Logo size={24} /> {PRODUCT_NAME}
        </span>
        {current && (
          <span className="current-module" data-testid="current-module">
            <span className="visually-hidden">{current.kind === 'module' ? 'Current module: ' : 'Current page: '}</span>
            {current.name}
          </span>
        )}
        <span className="header-spacer" />
        <ThemePicker />
        <UserMenu />
      </header>
      {sidebarOpen && (
        <nav id="sidebar" className="sidebar" aria-label="Modules">
          <ul>
            {MODULES.map((m) => {
              const Icon = MODULE_ICONS[m.icon];
              return (
                <li key={m.id}>
                  <ModuleNavLink module={m} onClick={() => compact && setSidebarOpen(false)}>
                    <Icon size={18} aria-hidden="true" />
                    <span>{m.name}</span>
                  </ModuleNavLink>
                </li>
              );
            })}
          </ul>
          <SystemStatus />
        </nav>
      )}
      {/* On a phone the open sidebar is a drawer over a dimmed page; a tap outside closes it. */}
      {drawer && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setSidebarOpen(false)} />}
      <main id="main" className="content" tabIndex={-1}>
        <AuthErrorBoundary resetKeys={[location.pathname]}>
          <NetworkErrorBoundary resetKeys={[location.pathname]}>
            <Outlet />
          </NetworkErrorBoundary>
        </AuthErrorBoundary>
      </main>
      {compact && (
        <nav className="bottom-nav" aria-label="Mobile navigation">
          {bottomNavModules(MOBILE_NAV_MAX_MODULES).map((m) => {
            const Icon = MODULE_ICONS[m.icon];
            return (
              <ModuleNavLink key={m.id} module={m}>
                <Icon size={20} aria-hidden="true" />
                <span>{m.name}</span>
              </ModuleNavLink>
            );
          })}
        </nav>
      )}
    </div>
  );
}
