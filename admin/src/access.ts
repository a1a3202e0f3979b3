import { LOGIN_PATH } from './config.ts';
import type { StaffRole } from './permissions.ts';
import { supabase } from './supabase.ts';

export type Access = 'anonymous' | 'denied' | StaffRole;

/**
 * user_roles is the single source of truth for "may this user open the panel, and as what": an
 * administrator, a moderator, or nobody.
 */
export async function readAccess(): Promise<Access> {
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return 'anonymous';
  const { data: roles, error } = await supabase
    .from('user_roles')
    .select('role')
    .eq('user_id', user.id);
  if (error || !roles) return 'denied';
  const has = (role: StaffRole) => roles.some((row) => row.role === role);
  if (has('admin')) return 'admin';
  return has('moderator') ? 'moderator' : 'denied';
}

/** /auth/login?from=/admin/... — the public site's sign-in page sends the user back here. */
export function loginUrl(location: { pathname: string; search: string; hash: string }): string {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ from }).toString()}`;
}

export function goToLogin(): void {
  window.location.replace(loginUrl(window.location));
}
