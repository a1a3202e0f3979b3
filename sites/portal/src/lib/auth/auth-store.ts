// The account pages' auth state: loading until the stored session is read; on every session
// event the user and session are updated and, when there is a user, the profile and the roles
// are reloaded; without a user they are cleared. Roles come from user_roles (the single source
// of truth for "is admin").
import type { AppRole, Profile } from '@guia-fortim/domain';
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';

export type AuthState = {
  loading: boolean;
  session: Session | null;
  user: User | null;
  profile: Profile | null;
  roles: AppRole[];
};

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Reloads the profile and roles of the signed-in user. */
  reloadProfile(): Promise<void>;
  stop(): void;
};

export function isAdmin(roles: readonly AppRole[]): boolean {
  return roles.includes('admin');
}

export function createAuthStore(client: SupabaseClient): AuthStore {
  let state: AuthState = { loading: true, session: null, user: null, profile: null, roles: [] };
  const listeners = new Set<() => void>();
  let generation = 0;

  const set = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  async function loadProfileAndRoles(user: User, forGeneration: number) {
    const [profileResult, rolesResult] = await Promise.all([
      client.from('profiles').select('*').eq('id', user.id).maybeSingle(),
      client.from('user_roles').select('role').eq('user_id', user.id),
    ]);
    if (forGeneration !== generation) return;
    const patch: Partial<AuthState> = {};
    if (profileResult.error) console.error('Erro ao buscar perfil:', profileResult.error);
    else patch.profile = profileResult.data as Profile | null;
    if (rolesResult.error) {
      console.error('Erro ao buscar roles:', rolesResult.error);
      patch.roles = [];
    } else {
      patch.roles = (rolesResult.data ?? []).map((row) => row.role as AppRole);
    }
    set(patch);
  }

  const { data } = client.auth.onAuthStateChange((_event, session) => {
    const current = ++generation;
    const user = session?.user ?? null;
    if (!user) {
      set({ loading: false, session: null, user: null, profile: null, roles: [] });
      return;
    }
    // Leave the profile as it was until the new one arrives; keep 'loading' until then on the
    // first read so guards never flash a signed-in page without its profile.
    if (state.user?.id === user.id) set({ session, user });
    else set({ session, user, profile: null, roles: [] });
    // Queries wait for the auth lock this callback runs under: start them after it returns.
    setTimeout(() => {
      loadProfileAndRoles(user, current).finally(() => {
        if (state.loading && current === generation) set({ loading: false });
      });
    }, 0);
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async reloadProfile() {
      if (state.user) await loadProfileAndRoles(state.user, generation);
    },
    stop: () => data.subscription.unsubscribe(),
  };
}
