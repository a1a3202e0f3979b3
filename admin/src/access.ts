import { LOGIN_PATH } from './config.ts';
import { supabase } from './supabase.ts';

export type Access = 'anonymous' | 'denied' | 'admin';

/** user_roles is the single source of truth for "is this user an admin" (deviation). */
export async function readAccess(): Promise<Access> {
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return 'anonymous';
  const { data: roles, error } = await supabase
    .from('user_roles')
    .select('role')
    .eq('user_id', user.id);
  if (error || !roles) return 'denied';
  return roles.some((row) => row.role === 'admin') ? 'admin' : 'denied';
}

/** /auth/login?from=/admin/... — the public site's sign-in page sends the user back here. */
export function loginUrl(location: { pathname: string; search: string; hash: string }): string {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ from }).toString()}`;
}

export function goToLogin(): void {
  window.location.replace(loginUrl(window.location));
}
