-- Moderators manage content. The staff — administrators and moderators — create, edit and delete
-- listings, categories and slides, order the featured and pinned lists and the categories,
-- restore from the trash, read the history of content and restore its versions, and read the
-- listings' counts (content figures, as the dashboard shows them). Only administrators change
-- roles and site settings (the maps key among them), purge the trash, see other accounts (their
-- profiles, roles and e-mails) and the history of settings and roles. The statistics and photo
-- sweep keys stay the service role's.

-- Is the caller an administrator or a moderator right now, with a live session? The same question
-- is_admin() asks, for either role.
create function public.is_staff()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select (public.has_role(auth.uid(), 'admin') or public.has_role(auth.uid(), 'moderator'))
    and (auth.jwt() ->> 'session_id' is null or private.session_is_live())
$$;

-- The caller may manage content: staff, or the service role (trusted server code).
create function private.caller_is_staff()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(auth.role(), '') = 'service_role' or public.is_staff()
$$;

-- The content functions' refusal: the same words as require_admin's, which a moderator meets at
-- the administrators' own operations.
create function private.require_staff()
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not private.caller_is_staff() then
    raise exception using
      errcode = '42501',
      message = 'Apenas administradores podem realizar esta operação.';
  end if;
end
$$;

-- The worker's gate tells the two roles apart: content routes let both in, the others the
-- administrator alone.
--   'admin'          an administrator with a live session
--   'moderator'      a moderator with a live session
--   'session_ended'  the token's session was signed out (or never existed)
--   'not_admin'      a live session without either role
create or replace function public.admin_access()
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case
    when not private.session_is_live() then 'session_ended'
    when public.is_admin() then 'admin'
    when public.is_staff() then 'moderator'
    else 'not_admin'
  end
$$;

revoke all on function private.caller_is_staff(), private.require_staff()
  from public, anon, authenticated;
revoke all on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;

-- Content functions: the same bodies, asking for staff instead of an administrator. The trash's
-- purges, the photo questions that only a purge asks (images_in_use, referenced_images),
-- user_emails and the role functions keep require_admin.
do $$
declare
  fn regprocedure;
  definition text;
begin
  foreach fn in array array[
    'public.set_in_list(text, text, uuid, boolean)',
    'public.move_in_list(text, text, uuid, text)',
    'public.bulk_set_in_list(text, text, uuid[], boolean)',
    'public.move_category(uuid, text)',
    'public.restore_from_trash(uuid)'
  ]::regprocedure[]
  loop
    definition := pg_get_functiondef(fn);
    if position('perform private.require_admin();' in definition) = 0 then
      raise exception '% does not ask for an administrator', fn;
    end if;
    execute replace(definition, 'perform private.require_admin();', 'perform private.require_staff();');
  end loop;
end
$$;

-- restore_version: a version of content for staff, a version of a setting for administrators.
create or replace function public.restore_version(entry_id bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry public.audit_log;
  key_column text;
  columns text;
  restored jsonb;
begin
  perform private.require_staff();
  select * into entry from public.audit_log a where a.id = entry_id;
  if not found then
    raise exception using errcode = 'GF002', message = 'Versão não encontrada.';
  end if;
  if entry.table_name = 'site_settings' then
    perform private.require_admin();
  end if;
  if entry.table_name not in
    ('hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides', 'site_settings')
    or entry.after is null then
    raise exception using errcode = '22023', message = 'Esta alteração não tem uma versão para restaurar.';
  end if;
  key_column := case entry.table_name when 'site_settings' then 'setting_key' else 'id' end;
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
  from pg_attribute a
  where a.attrelid = ('public.' || entry.table_name)::regclass
    and a.attnum > 0 and not a.attisdropped and a.attname <> key_column
    and a.attname <> all (array['slug', 'is_featured', 'featured_order', 'is_pinned', 'pin_order',
      'order_position'])
    and entry.after ? a.attname
    and has_column_privilege('authenticated', a.attrelid, a.attname, 'UPDATE');
  perform set_config('guia.change_action', 'revert', true);
  execute format(
    'update public.%1$I t set (%2$s) = (select %2$s from jsonb_populate_record(null::public.%1$I, $1))
     where t.%3$I::text = $2 returning to_jsonb(t)',
    entry.table_name, columns, key_column
  ) into restored using entry.after, entry.row_id;
  perform set_config('guia.change_action', '', true);
  if restored is null then
    raise exception using
      errcode = 'GF002',
      message = 'Este item não existe mais. Restaure-o da lixeira antes.';
  end if;
  return restored;
end
$$;

-- Content tables: staff write them and see the inactive categories and slides.
do $$
declare
  t text;
begin
  foreach t in array array['hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides']
  loop
    execute format('alter policy %I on public.%I with check ((select public.is_staff()))',
      t || '_admin_insert', t);
    execute format(
      'alter policy %I on public.%I using ((select public.is_staff())) with check ((select public.is_staff()))',
      t || '_admin_update', t);
    execute format('alter policy %I on public.%I using ((select public.is_staff()))',
      t || '_admin_delete', t);
  end loop;
end
$$;
alter policy categories_read on public.categories
  using (is_active or (select public.is_staff()));
alter policy carousel_slides_read on public.carousel_slides
  using (is_active or (select public.is_staff()));

-- The trash holds only content. The history holds settings and roles too: those entries stay
-- the administrators'.
alter policy trash_admin_read on public.trash using ((select public.is_staff()));
alter policy audit_log_admin_read on public.audit_log
  using (
    (select public.is_admin())
    or ((select public.is_staff())
      and table_name in ('hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides'))
  );

-- The counts per listing (and so listing_daily_stats and listing_ranking, which read them with
-- the caller's rights).
alter policy listing_stats_admin_read on public.listing_stats using ((select public.is_staff()));
