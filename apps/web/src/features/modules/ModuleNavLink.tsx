import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { moduleForPath, type Module } from './modules';

/**
 * A link to a module, marked current (aria-current="page" and the `active` class) whenever the
 * path belongs to the module: the Dashboard's module path is `/`, its route `/dashboard`, and
 * both mark it (a NavLink to `/` would only match `/`).
 */
export function ModuleNavLink({
  module,
  children,
  onClick,
}: {
  module: Module;
  children: ReactNode;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const current = moduleForPath(pathname)?.id === module.id;
  return (
    <Link
      to={module.route}
      className={current ? 'active' : undefined}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
