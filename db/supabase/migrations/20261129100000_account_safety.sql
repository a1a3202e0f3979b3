-- A stolen access token must not be enough to take over or erase an account, and a deleted
-- account leaves no e-mail behind.

-- Whether the caller's session is live: the one question row-level security asks before a
-- signed-in user's own writes (an access token outlives its sign-out until it expires; Supabase
-- Auth ends the session at sign-out, but PostgREST only checks the token's signature). A token
-- without a session (service role, database sessions) has no session to end.
-- The session is found by its primary key: the claim is compared as a uuid (a claim that is not
-- one names no session), not the column as text, which read every session of every user.
create or replace function private.session_is_live()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = (
      select case
        when claim ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          then claim::uuid
      end
      from (select auth.jwt() ->> 'session_id' as claim) c
    )
  )
$$;

create function public.own_session_is_live()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select auth.jwt() ->> 'session_id' is null or private.session_is_live()
$$;
revoke all on function public.own_session_is_live() from public, anon;
grant execute on function public.own_session_is_live() to authenticated, service_role;

drop policy profiles_update_own on public.profiles;
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid()) and (select public.own_session_is_live()))
  with check (id = (select auth.uid()) and (select public.own_session_is_live()));

-- Deleting one's account needs the password typed just now: the token must come from a
-- password sign-in made in the last 5 minutes (its `amr` claim, which Supabase Auth signs), in a
-- session that is still live. A token taken from a browser, or opened by an e-mailed link,
-- cannot delete the account on its own.
create or replace function public.delete_own_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  methods jsonb := auth.jwt() -> 'amr';
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Entre na sua conta para excluí-la.';
  end if;
  if not private.session_is_live()
    or jsonb_typeof(methods) is distinct from 'array'
    or not exists (
      select 1 from jsonb_array_elements(methods) m
      where m ->> 'method' = 'password'
        and jsonb_typeof(m -> 'timestamp') = 'number'
        and (m ->> 'timestamp')::numeric >= extract(epoch from now() - interval '5 minutes')
    )
  then
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

-- The history stays append-only; the one change it accepts besides the retention purge is the
-- erasure below, which only replaces a deleted account's e-mail.
create or replace function private.keep_history()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('guia.history_purge', true) = 'on' then
    return old;
  end if;
  if tg_op = 'UPDATE' and current_setting('guia.history_erasure', true) = 'on'
    and (new.id, new.at, new.actor_id, new.table_name, new.row_id, new.action, new.changed,
         new.before, new.after)
      is not distinct from
        (old.id, old.at, old.actor_id, old.table_name, old.row_id, old.action, old.changed,
         old.before, old.after)
  then
    return new;
  end if;
  raise exception using errcode = '42501', message = 'O histórico não pode ser alterado.';
end
$$;

-- When an account is deleted (by its owner, or by an operator in Supabase's dashboard), its
-- e-mail leaves the history and the trash at once: the entries it made or that name its role
-- say 'conta excluída' instead (the privacy page promises the erasure).
create function private.forget_account_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone constant text := 'conta excluída';
begin
  if old.email is null then
    return old;
  end if;
  perform set_config('guia.history_erasure', 'on', true);
  update public.audit_log a set actor_email = gone
  where a.actor_id = old.id and a.actor_email is not null;
  update public.audit_log a set label = replace(a.label, old.email, gone)
  where a.table_name = 'user_roles'
    and coalesce(a.after, a.before) ->> 'user_id' = old.id::text
    and strpos(a.label, old.email) > 0;
  perform set_config('guia.history_erasure', '', true);
  update public.trash t set deleted_by_email = gone
  where t.deleted_by = old.id and t.deleted_by_email is not null;
  return old;
end
$$;

create trigger on_auth_user_deleted after delete on auth.users
  for each row execute function private.forget_account_email();
