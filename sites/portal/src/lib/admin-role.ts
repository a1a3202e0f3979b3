// Whether a signed-in user is an administrator: their rows in user_roles (the one source of truth
// for "is admin"), read with the account client, which is downloaded only when this is asked.
export async function hasAdminRole(userId: string): Promise<boolean> {
  const { getSupabase } = await import('./auth/client.ts');
  const { data, error } = await getSupabase()
    .from('user_roles')
    .select('role')
    .eq('user_id', userId);
  if (error) throw error;
  return (data ?? []).some((row: { role: string }) => row.role === 'admin');
}
