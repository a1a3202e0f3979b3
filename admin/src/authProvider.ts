import { supabaseAuthProvider } from 'ra-supabase';
import type { AuthProvider } from 'react-admin';
import { type Access, goToLogin, readAccess } from './access.ts';
import { roleCanAccess } from './permissions.ts';
import { isSigningOut } from './signOut.ts';
import { supabase } from './supabase.ts';

/** 'Logado como': the full name, else the username, else 'Admin'. */
export function displayName(profile: { full_name?: unknown; username?: unknown } | null): string {
  const fullName = typeof profile?.full_name === 'string' ? profile.full_name.trim() : '';
  if (fullName) return fullName;
  const username = typeof profile?.username === 'string' ? profile.username.trim() : '';
  return username || 'Admin';
}

// The signed-in user's role, read once per user (AccessGate reads it once too): canAccess is asked
// many times a screen, and the database and the worker check the role on every read and write
// anyway.
let known: { userId: string | undefined; access: Promise<Access> } | undefined;
async function accessOnce(): Promise<Access> {
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (known?.userId !== userId || !known) {
    const access = readAccess();
    known = { userId, access };
    // Only a staff role is kept: a refused or failed read (a network blip reads as 'denied') is
    // asked again the next time.
    const forget = () => {
      if (known?.access === access) known = undefined;
    };
    access.then((value) => {
      if (value !== 'admin' && value !== 'moderator') forget();
    }, forget);
  }
  return known.access;
}

const base = supabaseAuthProvider(supabase, {
  async getIdentity(user) {
    const { data } = await supabase
      .from('profiles')
      .select('full_name, username, avatar_url')
      .eq('id', user.id)
      .maybeSingle();
    return { id: user.id, fullName: displayName(data), avatar: data?.avatar_url ?? undefined };
  },
  async getPermissions() {
    const access = await readAccess();
    return access === 'admin' || access === 'moderator' ? access : 'user';
  },
});

export const authProvider: AuthProvider = {
  ...base,
  async checkAuth() {
    // After Sair the page is on its way to the site, not to the sign-in page.
    if (isSigningOut()) return;
    const access = await readAccess();
    if (access === 'anonymous') {
      goToLogin();
      throw { redirectTo: false, message: false };
    }
  },
  // react-admin asks before each resource's screens, for each menu item and wherever the panel
  // uses useCanAccess.
  async canAccess(params) {
    const access = await accessOnce();
    return (access === 'admin' || access === 'moderator') && roleCanAccess(access, params);
  },
  async checkError(error) {
    const status = (error as { status?: number } | null)?.status;
    if (status !== 401) return;
    // A read refused because Sair ended the session: react-admin neither logs out again nor
    // redirects nor notifies (logoutUser, redirectTo and message false), the read yields nothing,
    // and the page goes on to the site.
    if (isSigningOut()) throw { logoutUser: false, redirectTo: false, message: false };
    goToLogin();
    throw { redirectTo: false, message: false };
  },
};
