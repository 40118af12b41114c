import { PERMISSIONS, PRELOAD_DELAY_MS } from '@asl/protocol';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import {
  ChangePasswordForm,
  ForgotPasswordPage,
  LoginPage,
  ProfilePage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth';
import { ComponentErrorBoundary, RouteErrorScreen } from '../features/errors';
import { ComingSoonPage, MODULES } from '../features/modules';
import { useOfflineSupport } from '../features/offline';
import { AccessibilitySettingsForm } from '../features/settings';
import { OfflineBanner } from '../lib/ui/OfflineBanner';
import { Toasts } from '../lib/notifications/Toasts';
import { transitions } from '../lib/perf/transitions';
import { useSession } from '../lib/session/session-context';
import { AuthInitLoader } from '../lib/ui/LoadingScreen';
import { PageSkeleton, type SkeletonKind } from './PageSkeleton';
import { PublicOnly, RequireAuth, RootRedirect } from './guards';
import { AppShell } from './shell/AppShell';
import { titleForPath } from './titles';

const loadDashboard = () => import('../features/dashboard').then((m) => ({ default: m.DashboardPage }));
const loadAslWorld = () => import('../features/practice').then((m) => ({ default: m.AslWorldPage }));
const DashboardPage = lazy(loadDashboard);
const AslWorldPage = lazy(loadAslWorld);

/** A lazy page: its placeholder while the chunk loads, and its own error boundary. */
function Lazy({ kind, name, children }: { kind: SkeletonKind; name: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ComponentErrorBoundary name={name} resetKeys={[pathname]}>
      <Suspense fallback={<PageSkeleton kind={kind} />}>{children}</Suspense>
    </ComponentErrorBoundary>
  );
}

/**
 * Document title per path, route transitions marked finished 100 ms after rendering, the
 * Dashboard and ASL World chunks preloaded after 3000 ms, and the full-screen loader while
 * the stored session is checked at start-up.
 */
function Root() {
  const location = useLocation();
  const session = useSession();
  const [initialised, setInitialised] = useState(false);
  if (!initialised && session.status !== 'loading') setInitialised(true);
  useOfflineSupport(location.pathname, session.status === 'authenticated');
  useLayoutEffect(() => {
    transitions.start(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    document.title = titleForPath(location.pathname);
    transitions.rendered();
  }, [location.pathname]);
  useEffect(() => {
    const t = setTimeout(() => {
      void loadDashboard();
      void loadAslWorld();
    }, PRELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <>
      <OfflineBanner />
      {initialised ? <Outlet /> : <AuthInitLoader />}
      <Toasts />
    </>
  );
}

const moduleById = (id: string) => MODULES.find((m) => m.id === id)!;

function SettingsPage() {
  return (
    <section className="page narrow" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <AccessibilitySettingsForm />
      <ChangePasswordForm />
    </section>
  );
}

/** The route table of spec section 2. */
export const routes = [
  {
    element: <Root />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: '/login',
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      {
        path: '/register',
        element: (
          <PublicOnly>
            <RegisterPage />
          </PublicOnly>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        errorElement: <RouteErrorScreen />,
        children: [
          {
            path: '/dashboard',
            element: (
              <Lazy kind="dashboard" name="Dashboard">
                <DashboardPage />
              </Lazy>
            ),
          },
          {
            path: '/asl-world',
            element: (
              <RequireAuth permissions={[PERMISSIONS.createContent]}>
                <Lazy kind="asl-world" name="ASL World">
                  <AslWorldPage />
                </Lazy>
              </RequireAuth>
            ),
          },
          { path: '/harmony', element: <ComingSoonPage module={moduleById('harmony')} /> },
          { path: '/reconnect', element: <ComingSoonPage module={moduleById('reconnect')} /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
