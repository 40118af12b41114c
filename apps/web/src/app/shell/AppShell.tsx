import { BREAKPOINTS, MOBILE_NAV_MAX_MODULES, PRODUCT_NAME } from '@asl/protocol';
import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { AuthErrorBoundary, NetworkErrorBoundary } from '../../features/errors';
import { MODULES, bottomNavModules, moduleForPath } from '../../features/modules';
import { ThemePicker } from '../../features/settings';
import { useMediaQuery } from '../../lib/ui/use-media-query';
import { MODULE_ICONS } from './icons';
import { UserMenu } from './UserMenu';

/** The signed-in layout: header, sidebar, content, and the bottom navigation on mobile. */
export function AppShell() {
  const location = useLocation();
  const compact = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [sidebarOpen, setSidebarOpen] = useState(!compact);
  useEffect(() => setSidebarOpen(!compact), [compact]);
  const current = moduleForPath(location.pathname);

  return (
    <div className={`shell ${sidebarOpen ? 'sidebar-open' : 'sidebar-closed'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <button
          type="button"
          className="icon-button"
          aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          onClick={() => setSidebarOpen((o) => !o)}
        >
          <Menu aria-hidden="true" />
        </button>
        <span className="product-title">{PRODUCT_NAME}</span>
        {current && (
          <span className="current-module" data-testid="current-module">
            <span className="visually-hidden">Current module: </span>
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
                  <NavLink to={m.route} end={m.route === '/'} onClick={() => compact && setSidebarOpen(false)}>
                    <Icon size={18} aria-hidden="true" />
                    <span>{m.name}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
          <p className="system-status" role="status">
            <span className="status-dot" aria-hidden="true" /> System Ready
          </p>
        </nav>
      )}
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
              <NavLink key={m.id} to={m.route} end={m.route === '/'}>
                <Icon size={20} aria-hidden="true" />
                <span>{m.name}</span>
              </NavLink>
            );
          })}
        </nav>
      )}
    </div>
  );
}
