// Whether a signed-in user holds one of these roles: their rows in user_roles (the one source of
// truth for "is admin"), read with the account client, which is downloaded only when this is asked.
import type { AppRole } from '@guia-fortim/domain';

export async function hasAnyRole(userId: string, roles: readonly AppRole[]): Promise<boolean> {
  const { getSupabase } = await import('./auth/client.ts');
  const { data, error } = await getSupabase()
    .from('user_roles')
    .select('role')
    .eq('user_id', userId);
  if (error) throw error;
  return (data ?? []).some((row: { role: AppRole }) => roles.includes(row.role));
}
