import { BREAKPOINTS, MOBILE_NAV_MAX_MODULES, PRODUCT_NAME } from '@asl/protocol';
import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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

/** What Tab stops on inside the drawer (its module links, and whatever the status line may add). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const sidebar = useRef<HTMLElement>(null);
  // Closing the drawer returns focus to the menu button, not to the page's body; the drawer is
  // closed (and the page made live) first.
  const closeDrawer = () => {
    flushSync(() => setSidebarOpen(false));
    toggle.current?.focus();
  };
  // The phone's drawer is modal: what it covers is inert (below), focus moves into it, Tab and
  // Shift+Tab go round its own links, and it closes with Escape, as it does on a tap outside it.
  useEffect(() => {
    const nav = sidebar.current;
    if (!drawer || !nav) return;
    const links = () => [...nav.querySelectorAll<HTMLElement>(TABBABLE)];
    // the menu button that closes it, then the drawer's own links
    const tabbables = () => [...(toggle.current ? [toggle.current] : []), ...links()];
    links()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return closeDrawer();
      if (e.key !== 'Tab') return;
      // round the ring: the menu button, then the drawer's links
      const items = tabbables();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? (e.shiftKey ? items.length - 1 : 0) : at + (e.shiftKey ? -1 : 1);
      e.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className={`shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-closed'}`}>
      <a className="skip-link" href="#main" inert={drawer}>
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
        {/* under the open drawer, the header's tools sleep with the page; its menu button still closes it */}
        <span className="header-tools" inert={drawer} data-testid="header-tools">
          <ThemePicker />
          <UserMenu />
        </span>
      </header>
      {sidebarOpen && (
        <nav id="sidebar" ref={sidebar} className="sidebar" aria-label="Modules">
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
      {drawer && <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <main id="main" className="content" tabIndex={-1} inert={drawer}>
        <AuthErrorBoundary resetKeys={[location.pathname]}>
          <NetworkErrorBoundary resetKeys={[location.pathname]}>
            <Outlet />
          </NetworkErrorBoundary>
        </AuthErrorBoundary>
      </main>
      {compact && (
        <nav className="bottom-nav" aria-label="Mobile navigation" inert={drawer}>
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
