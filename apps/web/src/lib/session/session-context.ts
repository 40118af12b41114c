import type { User } from '@asl/protocol';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthErrorKind = 'network' | 'server' | 'auth' | 'validation';

export interface SessionState {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  error: string | null;
  errorType: AuthErrorKind | null;
  retryAllowed: boolean;
  retryCount: number;
  submitting: boolean;
}

export interface SessionApi extends SessionState {
  login(identifier: string, password: string): Promise<boolean>;
  register(input: {
    username: string;
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
  }): Promise<boolean>;
  retryLogin(): Promise<boolean>;
  logout(): Promise<void>;
  setUser(user: User): void;
  clearError(): void;
  hasPermission(p: string): boolean;
  hasRole(r: string): boolean;
}

export const SessionContext = createContext<SessionApi | null>(null);

/** The signed-in session, provided by the auth feature and read anywhere. */
export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside the AuthProvider');
  return ctx;
}
