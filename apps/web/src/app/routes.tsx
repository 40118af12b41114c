import { PERMISSIONS, PRELOAD_DELAY_MS } from '@asl/protocol';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import {
  ChangePasswordForm,
  ForgotPasswordPage,
  LoginPage,
  ProfilePage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth';
import { ComingSoonPage, MODULES } from '../features/modules';
import { AccessibilitySettingsForm } from '../features/settings';
import { OfflineBanner } from '../lib/ui/OfflineBanner';
import { Toasts } from '../lib/notifications/Toasts';
import { PageSkeleton, type SkeletonKind } from './PageSkeleton';
import { PublicOnly, RequireAuth, RootRedirect } from './guards';
import { AppShell } from './shell/AppShell';
import { titleForPath } from './titles';

const loadDashboard = () => import('../features/dashboard').then((m) => ({ default: m.DashboardPage }));
const loadAslWorld = () => import('../features/practice').then((m) => ({ default: m.AslWorldPage }));
const DashboardPage = lazy(loadDashboard);
const AslWorldPage = lazy(loadAslWorld);

function Lazy({ kind, children }: { kind: SkeletonKind; children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton kind={kind} />}>{children}</Suspense>;
}

/** Document title per path, and the Dashboard and ASL World chunks preloaded after 3000 ms. */
function Root() {
  const location = useLocation();
  useEffect(() => {
    document.title = titleForPath(location.pathname);
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
      <Outlet />
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
        children: [
          {
            path: '/dashboard',
            element: (
              <Lazy kind="dashboard">
                <DashboardPage />
              </Lazy>
            ),
          },
          {
            path: '/asl-world',
            element: (
              <RequireAuth permissions={[PERMISSIONS.createContent]}>
                <Lazy kind="asl-world">
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
