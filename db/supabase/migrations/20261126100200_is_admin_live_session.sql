-- is_admin() also asks whether the token's session is still live (issue 19). Access tokens outlive
-- their sign-out until they expire (up to an hour); the worker already refused them
-- (admin_access()), but straight at PostgREST a signed-out admin's token still passed every
-- admin policy. Every user token Supabase Auth issues names its session; a token without one is
-- trusted server code (the service role) or a database session, which have no session to end.

-- The one place that asks: is the session the caller's token names still live?
create function private.session_is_live()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions s where s.id::text = auth.jwt() ->> 'session_id')
$$;

create or replace function public.is_admin()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select public.has_role(auth.uid(), 'admin')
    and (auth.jwt() ->> 'session_id' is null or private.session_is_live())
$$;

create or replace function public.admin_access()
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when not private.session_is_live() then 'session_ended'
    when public.is_admin() then 'admin'
    else 'not_admin'
  end
$$;

revoke all on function private.session_is_live() from public, anon, authenticated;
