import { PRELOAD_DELAY_MS } from '@asl/protocol';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { OfflineBanner } from '../lib/ui/OfflineBanner';
import { Toasts } from '../lib/notifications/Toasts';
import { transitions } from '../lib/perf/transitions';
import { useSession } from '../lib/session/session-context';
import { AuthInitLoader } from '../lib/ui/LoadingScreen';
import { PublicOnly, RequireAuth, RootRedirect } from './guards';
import { Lazy, lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error';
import { titleForPath } from './titles';
import { usePageStartOnNavigate } from './use-page-start';

// /login's script holds only what the sign-in page needs; every other page is a chunk of its
// own, loaded when it renders (tools/check-bundle-budget.mjs keeps /login within its budget).
const loadSignedIn = () => import('./signed-in');
const loadSignedOut = () => import('./signed-out');
const loadDashboard = () => import('../features/dashboard');
const loadAslWorld = () => import('../features/practice');
const loadAboutRecognition = () => import('../features/about-recognition');

const AppShell = lazyPage(loadSignedIn, (m) => m.AppShell);
const ProfilePage = lazyPage(loadSignedIn, (m) => m.ProfilePage);
const SettingsPage = lazyPage(loadSignedIn, (m) => m.SettingsPage);
const ModulePage = lazyPage(loadSignedIn, (m) => m.ModulePage);
const RegisterPage = lazyPage(loadSignedOut, (m) => m.RegisterPage);
const ForgotPasswordPage = lazyPage(loadSignedOut, (m) => m.ForgotPasswordPage);
const ResetPasswordPage = lazyPage(loadSignedOut, (m) => m.ResetPasswordPage);
const DashboardPage = lazyPage(loadDashboard, (m) => m.DashboardPage);
const AslWorldRoute = lazyPage(loadSignedIn, (m) => m.AslWorldRoute);
const AboutRecognitionPage = lazyPage(loadAboutRecognition, (m) => m.AboutRecognitionPage);
const OfflineSupport = lazy(() => import('./offline-support'));

/**
 * Document title per path, route transitions marked finished 100 ms after rendering, the
 * signed-in shell, Dashboard and ASL World chunks preloaded after 3000 ms, the full-screen
 * loader while the stored session is checked at start-up, and, while signed in, the offline
 * queues and page views.
 */
function Root() {
  const location = useLocation();
  const session = useSession();
  const [initialised, setInitialised] = useState(false);
  if (!initialised && session.status !== 'loading') setInitialised(true);
  useLayoutEffect(() => {
    transitions.start(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    document.title = titleForPath(location.pathname);
    transitions.rendered();
  }, [location.pathname]);
  useEffect(() => {
    const t = setTimeout(() => {
      void loadSignedIn();
      void loadDashboard();
      void loadAslWorld();
    }, PRELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <>
      <OfflineBanner />
      {initialised ? (
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      ) : (
        <AuthInitLoader />
      )}
      <Toasts />
      {session.status === 'authenticated' && (
        <Suspense fallback={null}>
          <OfflineSupport pathname={location.pathname} />
        </Suspense>
      )}
    </>
  );
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
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
            <Lazy kind="default" name="Registration">
              <RegisterPage />
            </Lazy>
          </PublicOnly>
        ),
      },
      {
        path: '/forgot-password',
        element: (
          <Lazy kind="default" name="Forgot password">
            <ForgotPasswordPage />
          </Lazy>
        ),
      },
      {
        path: '/reset-password',
        element: (
          <Lazy kind="default" name="Reset password">
            <ResetPasswordPage />
          </Lazy>
        ),
      },
      {
        element: (
          <RequireAuth>
            <RouteErrorBoundary>
              <Lazy kind="default" name="App">
                <AppShell />
              </Lazy>
            </RouteErrorBoundary>
          </RequireAuth>
        ),
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
              <Lazy kind="asl-world" name="ASL World">
                <AslWorldRoute />
              </Lazy>
            ),
          },
          {
            path: '/about-recognition',
            element: (
              <Lazy kind="default" name="About recognition">
                <AboutRecognitionPage />
              </Lazy>
            ),
          },
          {
            path: '/harmony',
            element: (
              <Lazy kind="default" name="Harmony">
                <ModulePage id="harmony" />
              </Lazy>
            ),
          },
          {
            path: '/reconnect',
            element: (
              <Lazy kind="default" name="Reconnect">
                <ModulePage id="reconnect" />
              </Lazy>
            ),
          },
          {
            path: '/profile',
            element: (
              <Lazy kind="default" name="Profile">
                <ProfilePage />
              </Lazy>
            ),
          },
          {
            path: '/settings',
            element: (
              <Lazy kind="default" name="Settings">
                <SettingsPage />
              </Lazy>
            ),
          },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

/** The app's pages for the current location (inside the BrowserRouter of App). */
export function AppRoutes() {
  usePageStartOnNavigate();
  return useRoutes(routes);
}
