-- 'Funções' in the panel shows each user's e-mail. The e-mails live in auth.users, which no API
-- role may read; this function reads only the e-mails of the users asked for, and only for an
-- admin (a signed-in user, moderator or removed admin is refused, an anonymous caller cannot run
-- it at all).
create function public.user_emails(user_ids uuid[])
returns table (user_id uuid, email text)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select u.id, u.email::text from auth.users u where u.id = any(user_ids);
end
$$;

revoke all on function public.user_emails(uuid[]) from public, anon;
grant execute on function public.user_emails(uuid[]) to authenticated, service_role;
