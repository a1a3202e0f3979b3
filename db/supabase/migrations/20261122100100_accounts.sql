-- Accounts: profile and 'user' role on sign-up, case-insensitive unique usernames, role checks,
-- and the only two ways to change a role: grant_admin_access and an admin's set_user_role.

-- Usernames are unique without regard to case; say so in Portuguese before the index does.
create function private.check_username()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.username is not null and exists (
    select 1 from public.profiles p
    where lower(p.username) = lower(new.username) and p.id <> new.id
  ) then
    raise exception using
      errcode = '23505',
      message = 'Este nome de usuário já está em uso.',
      constraint = 'profiles_username_lower_key';
  end if;
  return new;
end
$$;

create trigger profiles_check_username before insert or update of username on public.profiles
  for each row execute function private.check_username();

-- Sign-up: the profile from the user metadata and one 'user' role row.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  new_username text := nullif(btrim(meta ->> 'username'), '');
  new_full_name text := nullif(btrim(meta ->> 'full_name'), '');
  new_avatar_url text := nullif(btrim(meta ->> 'avatar_url'), '');
begin
  if new_username is not null and new_username !~ '^[A-Za-z0-9._]{3,30}$' then
    raise exception using
      errcode = '23514',
      message = 'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.';
  end if;
  if new_full_name is not null and char_length(new_full_name) > 100 then
    raise exception using
      errcode = '23514',
      message = 'O nome completo deve ter no máximo 100 caracteres.';
  end if;
  if new_avatar_url is not null and not private.is_image_url(new_avatar_url) then
    new_avatar_url := null;
  end if;
  insert into public.profiles (id, username, full_name, avatar_url)
  values (new.id, new_username, new_full_name, new_avatar_url);
  insert into public.user_roles (user_id, role) values (new.id, 'user');
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

create function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = _user_id and role = _role)
$$;

create function public.is_admin()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select public.has_role(auth.uid(), 'admin')
$$;

-- The registration form checks a username before signing up (profiles are private).
create function public.username_available(username text)
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.profiles p where lower(p.username) = lower(btrim(username_available.username))
  )
$$;

-- The caller may manage roles and content: an admin, or the service role (trusted server code).
create function private.caller_is_admin()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(auth.role(), '') = 'service_role' or public.is_admin()
$$;

create function private.lock_roles()
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(72709, 0)
$$;

-- Makes the user with this e-mail an administrator (their only role). Only an admin may call it,
-- or anyone signed in while no administrator exists yet (the first administrator).
create function public.grant_admin_access(user_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  perform private.lock_roles();
  if not private.caller_is_admin()
    and exists (select 1 from public.user_roles where role = 'admin') then
    raise exception using
      errcode = '42501',
      message = 'forbidden: apenas administradores podem conceder acesso de admin a outros usuários.';
  end if;
  if user_email is null or btrim(user_email) = '' then
    raise exception using errcode = '22023', message = 'Por favor, insira um email válido.';
  end if;
  select u.id into target from auth.users u where lower(u.email) = lower(btrim(user_email));
  if target is null then
    raise exception using
      errcode = 'GF003',
      message = 'not found: usuário não encontrado. Certifique-se de que o usuário já possui uma conta.';
  end if;
  delete from public.user_roles r where r.user_id = target;
  insert into public.user_roles (user_id, role) values (target, 'admin');
end
$$;

-- Replaces all of a user's role rows with one. Admins only; the last admin cannot be demoted
-- (that would reopen the first-administrator door to anyone).
create function public.set_user_role(user_id uuid, new_role public.app_role)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_roles();
  if not private.caller_is_admin() then
    raise exception using
      errcode = '42501',
      message = 'Apenas administradores podem alterar funções de usuários.';
  end if;
  if set_user_role.user_id is null or new_role is null then
    raise exception using errcode = '22023', message = 'Informe o usuário e a nova função.';
  end if;
  if not exists (select 1 from auth.users u where u.id = set_user_role.user_id) then
    raise exception using errcode = 'GF003', message = 'Usuário não encontrado.';
  end if;
  if new_role <> 'admin'
    and public.has_role(set_user_role.user_id, 'admin')
    and not exists (
      select 1 from public.user_roles r
      where r.role = 'admin' and r.user_id <> set_user_role.user_id
    ) then
    raise exception using
      errcode = 'GF004',
      message = 'Não é possível remover o último administrador.';
  end if;
  delete from public.user_roles r where r.user_id = set_user_role.user_id;
  insert into public.user_roles (user_id, role) values (set_user_role.user_id, new_role);
end
$$;
