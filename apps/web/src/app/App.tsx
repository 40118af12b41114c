import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppErrorBoundary } from '../features/errors';
import { LoadingScreen } from '../lib/ui/LoadingScreen';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AppErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </Suspense>
    </AppErrorBoundary>
  );
}
