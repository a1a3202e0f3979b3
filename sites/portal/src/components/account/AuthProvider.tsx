import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { type AuthState, type AuthStore, createAuthStore } from '../../lib/auth/auth-store.ts';
import { getSupabase } from '../../lib/auth/client.ts';

export type AuthContextValue = AuthState & { reloadProfile: () => Promise<void> };

const LOADING: AuthState = { loading: true, session: null, user: null, profile: null, roles: [] };
const AuthContext = createContext<AuthContextValue | null>(null);

/** Auth state for one island. The client is created in the browser only (never at build). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const store = useRef<AuthStore | null>(null);
  const [state, setState] = useState<AuthState>(LOADING);

  useEffect(() => {
    const created = createAuthStore(getSupabase());
    store.current = created;
    setState(created.getState());
    const unsubscribe = created.subscribe(() => setState(created.getState()));
    return () => {
      unsubscribe();
      created.stop();
      store.current = null;
    };
  }, []);

  const value: AuthContextValue = {
    ...state,
    reloadProfile: () => store.current?.reloadProfile() ?? Promise.resolve(),
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth deve ser usado dentro de um AuthProvider');
  return value;
}
