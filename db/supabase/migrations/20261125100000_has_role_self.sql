-- has_role told any signed-in user whether any user id is an administrator. A user may now ask
-- only about themselves; an administrator (or trusted server code) about anyone. is_admin() and
-- set_user_role() call it on the caller or as an administrator, so they keep working.
create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  -- Nested, so that is_admin() (which asks about the caller) never reaches caller_is_admin(),
  -- which calls is_admin() again.
  if _user_id is distinct from auth.uid() then
    if not private.caller_is_admin() then
      raise exception using
        errcode = '42501',
        message = 'Você só pode consultar as suas próprias funções.';
    end if;
  end if;
  return exists (select 1 from public.user_roles where user_id = _user_id and role = _role);
end
$$;
