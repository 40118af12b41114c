import { Suspense, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth';
import { AppErrorBoundary } from '../features/errors';
import { LoadingScreen } from '../lib/ui/LoadingScreen';
import { createRouter } from './routes';

export function App() {
  const router = useMemo(() => createRouter(), []);
  return (
    <AppErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </Suspense>
    </AppErrorBoundary>
  );
}
