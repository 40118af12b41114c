import { PERMISSIONS } from '@asl/protocol';

/** The Module entity of spec section 3 and the module list of section 2. */
export interface Module {
  id: string;
  name: string;
  route: string;
  icon: 'layout-dashboard' | 'hand' | 'puzzle' | 'users' | 'heart-handshake';
  permissions: string[];
  description: string;
  disabled?: boolean;
}

export const MODULES: readonly Module[] = [
  {
    id: 'dashboard',
    name: 'Dashboard',
    route: '/',
    icon: 'layout-dashboard',
    permissions: [PERMISSIONS.readOwnData],
    description: 'Your progress at a glance and where to practise next.',
  },
  {
    id: 'asl-world',
    name: 'ASL World',
    route: '/asl-world',
    icon: 'hand',
    permissions: [PERMISSIONS.readOwnData, PERMISSIONS.createContent],
    description: 'Practise stories sentence by sentence and get live feedback on your handshapes.',
  },
  {
    id: 'plugins',
    name: 'Plugins',
    route: '/plugins',
    icon: 'puzzle',
    permissions: [PERMISSIONS.installPlugins],
    description: 'Add extra practice tools to the platform.',
  },
  {
    id: 'harmony',
    name: 'Harmony',
    route: '/harmony',
    icon: 'users',
    permissions: [PERMISSIONS.readOwnData],
    description: 'Collaborative sessions: practise together with other learners in real time. Coming soon.',
  },
  {
    id: 'reconnect',
    name: 'Reconnect',
    route: '/reconnect',
    icon: 'heart-handshake',
    permissions: [PERMISSIONS.readOwnData],
    description: 'Community challenges: take part in shared goals with the signing community. Coming soon.',
  },
];

/** The first `max` enabled modules, for the mobile bottom navigation. */
export function bottomNavModules(max: number, modules: readonly Module[] = MODULES): Module[] {
  return modules.filter((m) => !m.disabled).slice(0, max);
}

/** The module whose route matches a path; `/` and `/dashboard` both mean the Dashboard. */
export function moduleForPath(path: string, modules: readonly Module[] = MODULES): Module | null {
  const p = path === '/dashboard' ? '/' : path;
  return modules.find((m) => (m.route === '/' ? p === '/' : p === m.route || p.startsWith(`${m.route}/`))) ?? null;
}

/** Pages of the signed-in area that are not modules but still name themselves in the header. */
const PAGE_NAMES: Record<string, string> = {
  '/settings': 'Settings',
  '/profile': 'Profile',
  '/about-recognition': 'About recognition',
};

/** What the header says the learner is looking at: the module, or the page, of a path. */
export function headerPlaceForPath(path: string): { kind: 'module' | 'page'; name: string } | null {
  const module = moduleForPath(path);
  if (module) return { kind: 'module', name: module.name };
  const page = PAGE_NAMES[path];
  return page ? { kind: 'page', name: page } : null;
}
