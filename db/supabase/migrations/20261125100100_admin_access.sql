-- The worker's gate, in one round trip: is the caller an administrator right now, and is the
-- session their token belongs to still live? An access token outlives its sign-out (until it
-- expires, up to an hour); its session does not: a local or global sign-out deletes it.
--   'admin'          an administrator with a live session
--   'session_ended'  the token's session was signed out (or never existed)
--   'not_admin'      a live session without the admin role (never had it, or it was removed)
create function public.admin_access()
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when not exists (
      select 1 from auth.sessions s where s.id::text = auth.jwt() ->> 'session_id'
    ) then 'session_ended'
    when public.is_admin() then 'admin'
    else 'not_admin'
  end
$$;

grant execute on function public.admin_access() to authenticated, service_role;
