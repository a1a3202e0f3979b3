-- A user deletes their own account (the LGPD's right to erasure, issue 20): the auth user goes,
-- and with it (on delete cascade) the profile, the roles and the sessions.
-- The password is confirmed by signing in with it just before: the caller's session must have
-- started within the last 5 minutes, so a token left in a browser, or taken from one, cannot
-- delete the account on its own. The last administrator cannot leave (that would reopen the
-- first-administrator door to anyone), as in set_user_role.
create function public.delete_own_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Entre na sua conta para excluí-la.';
  end if;
  if not exists (
    select 1 from auth.sessions s
    where s.id::text = auth.jwt() ->> 'session_id'
      and s.user_id = me
      and s.created_at > now() - interval '5 minutes'
  ) then
    raise exception using errcode = '42501', message = 'Confirme sua senha para excluir a conta.';
  end if;
  perform private.lock_roles();
  if exists (select 1 from public.user_roles r where r.user_id = me and r.role = 'admin')
    and not exists (select 1 from public.user_roles r where r.role = 'admin' and r.user_id <> me)
  then
    raise exception using
      errcode = 'GF004',
      message = 'Não é possível excluir a conta do último administrador.';
  end if;
  delete from auth.users u where u.id = me;
end
$$;

revoke all on function public.delete_own_account() from public, anon;
grant execute on function public.delete_own_account() to authenticated;
