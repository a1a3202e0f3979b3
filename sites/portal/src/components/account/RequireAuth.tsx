import { type ReactNode, useEffect } from 'react';
import { isLeaving } from '../../lib/auth/leaving.ts';
import { loginUrlFrom } from '../../lib/auth/redirect.ts';
import { AuthLoading } from './AuthLoading.tsx';
import { useAuth } from './AuthProvider.tsx';

/** Route guard: spinner while the session is read, login (history replaced) without a user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user } = useAuth();
  useEffect(() => {
    if (!loading && !user && !isLeaving()) window.location.replace(loginUrlFrom(window.location));
  }, [loading, user]);
  if (loading || !user) return <AuthLoading />;
  return <>{children}</>;
}
