import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../features/auth';
import { createRouter } from './routes';

export function App() {
  const router = useMemo(() => createRouter(), []);
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
