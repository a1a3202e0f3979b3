-- Nothing an admin does is lost (issue 22).
-- Trash: deleting a listing, a category or a slide moves the whole row into public.trash in the
-- same transaction (a trigger), so a delete that dies half-way leaves the row live or in the
-- trash, never gone. The public tables and their policies are untouched: a trashed row has left
-- the site and the public API at once. restore_from_trash puts it back where it was;
-- purge_from_trash ('Excluir definitivamente') and purge_expired (30 days) end it for good.
-- History: every change to content, settings and roles is written by triggers into
-- public.audit_log (when, who, which row, the action, before and after). Admins read it; nobody
-- writes, changes or deletes it through any API; only purge_expired removes entries older than
-- the retention setting (history_retention_days, default 365).
-- Photos: a stored photo stays while a live row, a trashed row, or a version in the history of a
-- row that still exists shows it (private.image_references); the worker frees the rest.

-- History -----------------------------------------------------------------------------------------

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  table_name text not null,
  row_id text not null,
  action text not null check (action in ('insert', 'update', 'delete', 'restore', 'revert', 'purge')),
  label text,
  changed text[] not null default '{}',
  before jsonb,
  after jsonb
);
create index audit_log_row_idx on public.audit_log (table_name, row_id, id desc);
create index audit_log_at_idx on public.audit_log (at);

-- What a row is called in the history and the trash: a listing's or category's name, a slide's
-- title, a setting's key, a role's user e-mail and role.
create function private.change_label(table_name text, row_data jsonb)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case table_name
    when 'carousel_slides' then row_data ->> 'title'
    when 'site_settings' then row_data ->> 'setting_key'
    when 'user_roles' then coalesce(
      (select u.email from auth.users u where u.id::text = row_data ->> 'user_id'),
      row_data ->> 'user_id'
    ) || ' (' || (row_data ->> 'role') || ')'
    else row_data ->> 'name'
  end
$$;

create function private.log_change(
  table_name text, row_id text, action text, changed text[], before jsonb, after jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (actor_id, actor_email, table_name, row_id, action, label, changed,
    before, after)
  values (
    auth.uid(),
    (select u.email from auth.users u where u.id = auth.uid()),
    table_name, row_id, action,
    private.change_label(table_name, coalesce(after, before)),
    changed, before, after
  )
$$;

-- One trigger for every audited table. An update that changes nothing but updated_at is no change.
-- Restores name themselves through the transaction-local setting guia.change_action.
create function private.record_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  before_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  after_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  changed text[] := '{}';
begin
  -- Roles: who holds a privileged role and when that changed. The plain 'user' role every account
  -- gets at sign-up and loses with the account is no change of rights, and keeping its e-mail
  -- would outlive an account the privacy policy says is erased at once.
  if tg_table_name = 'user_roles' and coalesce(after_row, before_row) ->> 'role' = 'user' then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(k order by k), '{}') into changed
    from jsonb_object_keys(after_row) k
    where k <> 'updated_at' and (before_row -> k) is distinct from (after_row -> k);
    if cardinality(changed) = 0 then
      return null;
    end if;
  end if;
  perform private.log_change(
    tg_table_name,
    coalesce(after_row, before_row) ->> case tg_table_name when 'site_settings' then 'setting_key' else 'id' end,
    coalesce(nullif(current_setting('guia.change_action', true), ''), lower(tg_op)),
    changed, before_row, after_row
  );
  return null;
end
$$;

create trigger hospedagens_history after insert or update or delete on public.hospedagens
  for each row execute function private.record_change();
create trigger comercios_history after insert or update or delete on public.comercios
  for each row execute function private.record_change();
create trigger passeios_history after insert or update or delete on public.passeios
  for each row execute function private.record_change();
create trigger categories_history after insert or update or delete on public.categories
  for each row execute function private.record_change();
create trigger carousel_slides_history after insert or update or delete on public.carousel_slides
  for each row execute function private.record_change();
create trigger site_settings_history after insert or update or delete on public.site_settings
  for each row execute function private.record_change();
create trigger user_roles_history after insert or update or delete on public.user_roles
  for each row execute function private.record_change();

-- The history is append-only, even for the table's owner, except the retention purge.
create function private.keep_history()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('guia.history_purge', true) = 'on' then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'O histórico não pode ser alterado.';
end
$$;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each row execute function private.keep_history();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function private.keep_history();

-- Trash -------------------------------------------------------------------------------------------

create table public.trash (
  id uuid primary key default gen_random_uuid(),
  table_name text not null
    check (table_name in ('hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides')),
  row_id uuid not null,
  label text,
  data jsonb not null,
  deleted_at timestamptz not null default now(),
  deleted_by uuid,
  deleted_by_email text,
  unique (table_name, row_id)
);
create index trash_deleted_at_idx on public.trash (deleted_at);

create function private.move_to_trash()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.trash (table_name, row_id, label, data, deleted_by, deleted_by_email)
  values (
    tg_table_name, old.id, private.change_label(tg_table_name, to_jsonb(old)), to_jsonb(old),
    auth.uid(), (select u.email from auth.users u where u.id = auth.uid())
  )
  on conflict (table_name, row_id) do update set
    label = excluded.label, data = excluded.data, deleted_at = now(),
    deleted_by = excluded.deleted_by, deleted_by_email = excluded.deleted_by_email;
  return null;
end
$$;

create trigger hospedagens_to_trash after delete on public.hospedagens
  for each row execute function private.move_to_trash();
create trigger comercios_to_trash after delete on public.comercios
  for each row execute function private.move_to_trash();
create trigger passeios_to_trash after delete on public.passeios
  for each row execute function private.move_to_trash();
create trigger categories_to_trash after delete on public.categories
  for each row execute function private.move_to_trash();
create trigger carousel_slides_to_trash after delete on public.carousel_slides
  for each row execute function private.move_to_trash();

-- A restored listing keeps its address when nobody took it meanwhile. Only SQL functions can
-- give a slug (the API roles have no INSERT on the column); otherwise it comes from the name.
create or replace function private.assign_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text := private.slugify(new.name);
  candidate text := base;
  suffix integer := 1;
  taken boolean;
begin
  perform pg_advisory_xact_lock(72710, hashtext(tg_table_name));
  if new.slug is not null then
    execute format('select exists (select 1 from public.%I where slug = $1)', tg_table_name)
      into taken using new.slug;
    if not taken then
      return new;
    end if;
  end if;
  loop
    execute format('select exists (select 1 from public.%I where slug = $1)', tg_table_name)
      into taken using candidate;
    exit when not taken;
    suffix := suffix + 1;
    candidate := base || '-' || suffix;
  end loop;
  new.slug := candidate;
  return new;
end
$$;

-- Puts a trashed row back. A listing returns to its place among the featured (unless 4 are
-- featured now) and the pinned; a category whose name was taken meanwhile cannot return.
-- Returns {table_name, id, notices}: notices say what could not be restored as it was.
create function public.restore_from_trash(trash_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.trash;
  data jsonb;
  restored jsonb;
  notices text[] := '{}';
  total integer;
  place integer;
begin
  perform private.require_admin();
  select * into item from public.trash t where t.id = trash_id for update;
  if not found then
    perform private.raise_item_not_found();
  end if;
  data := item.data;
  if item.table_name in ('hospedagens', 'comercios', 'passeios') then
    perform private.lock_listing_order(item.table_name);
    if (data ->> 'is_featured')::boolean then
      execute format('select count(*) from public.%I where is_featured', item.table_name) into total;
      if total >= 4 then
        data := data || '{"is_featured": false, "featured_order": 0}';
        notices := notices
          || 'Não voltou aos destaques: já há 4 itens em destaque. Remova um e adicione-o de novo.'::text;
      else
        place := least((data ->> 'featured_order')::integer, total);
        execute format(
          'update public.%I set featured_order = featured_order + 1
           where is_featured and featured_order >= $1', item.table_name
        ) using place;
        data := data || jsonb_build_object('featured_order', place);
      end if;
    end if;
    if (data ->> 'is_pinned')::boolean then
      execute format('select count(*) from public.%I where is_pinned', item.table_name) into total;
      place := least((data ->> 'pin_order')::integer, total + 1);
      execute format(
        'update public.%I set pin_order = pin_order + 1 where is_pinned and pin_order >= $1',
        item.table_name
      ) using place;
      data := data || jsonb_build_object('pin_order', place);
    end if;
  elsif item.table_name = 'categories' then
    if exists (
      select 1 from public.categories c
      where c.type::text = data ->> 'type' and lower(c.name) = lower(data ->> 'name')
    ) then
      raise exception using
        errcode = 'GF008',
        message = 'Já existe uma categoria com esse nome. Renomeie-a antes de restaurar.';
    end if;
  end if;
  perform set_config('guia.change_action', 'restore', true);
  -- the row as inserted: assign_slug may have given it a new slug
  execute format(
    'insert into public.%I as t select * from jsonb_populate_record(null::public.%I, $1)
     returning to_jsonb(t)',
    item.table_name, item.table_name
  ) into restored using data;
  perform set_config('guia.change_action', '', true);
  delete from public.trash t where t.id = trash_id;
  if item.table_name in ('hospedagens', 'comercios', 'passeios')
    and (restored ->> 'slug') is distinct from (item.data ->> 'slug') then
    notices := notices || 'O endereço antigo da página foi usado por outro item.'::text;
  end if;
  return jsonb_build_object('table_name', item.table_name, 'id', item.row_id, 'notices', to_jsonb(notices));
end
$$;

-- Ends a trashed row for good ('Excluir definitivamente'). Returns which row it was and the
-- photos it and its history showed (private.purged_images), for the worker to free.
create function public.purge_from_trash(trash_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.trash;
  images text[];
begin
  perform private.require_admin();
  delete from public.trash t where t.id = trash_id returning t.* into item;
  if not found then
    perform private.raise_item_not_found();
  end if;
  images := private.purged_images(item);
  perform private.log_change(item.table_name, item.row_id::text, 'purge', '{}', item.data, null);
  return jsonb_build_object('table_name', item.table_name, 'id', item.row_id, 'images', to_jsonb(images));
end
$$;

-- The retention rules: trash older than 30 days, history older than history_retention_days.
-- Returns how many of each went and the photos the purged rows and their histories showed.
create function public.purge_expired()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.trash;
  trash_removed integer := 0;
  images text[] := '{}';
  retention_days integer;
  history_removed integer;
begin
  perform private.require_admin();
  for item in
    delete from public.trash t where t.deleted_at < now() - interval '30 days' returning t.*
  loop
    images := images || private.purged_images(item);
    perform private.log_change(item.table_name, item.row_id::text, 'purge', '{}', item.data, null);
    trash_removed := trash_removed + 1;
  end loop;
  select coalesce(
    (select s.setting_value::integer from public.site_settings s
     where s.setting_key = 'history_retention_days'),
    365
  ) into retention_days;
  perform set_config('guia.history_purge', 'on', true);
  delete from public.audit_log a where a.at < now() - make_interval(days => retention_days);
  get diagnostics history_removed = row_count;
  perform set_config('guia.history_purge', '', true);
  return jsonb_build_object(
    'trash', trash_removed,
    'history', history_removed,
    'images', to_jsonb(array(select distinct u from unnest(images) u order by 1))
  );
end
$$;

-- Puts a row back to a version its history recorded: the columns an admin may edit through the
-- API (the UPDATE grants of the authenticated role), never the orders, slugs or keys. A category's
-- or slide's order_position is editable but is its place among the others, not its content: an
-- old place may now be another row's.
create function public.restore_version(entry_id bigint)
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
  perform private.require_admin();
  select * into entry from public.audit_log a where a.id = entry_id;
  if not found then
    raise exception using errcode = 'GF002', message = 'Versão não encontrada.';
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

-- Photos ------------------------------------------------------------------------------------------

-- The photo addresses a row (or a version of it) shows.
create function private.image_urls(data jsonb)
returns setof text
language sql immutable
set search_path = ''
as $$
  select u.url
  from (
    select data ->> 'image_url'
    union all
    select jsonb_array_elements_text(
      case when jsonb_typeof(data -> 'additional_images') = 'array'
        then data -> 'additional_images' else '[]' end
    )
  ) u (url)
  where u.url is not null and u.url <> ''
$$;

-- What a row leaving the trash for good showed: its last state and every version in its history.
-- The worker frees those that nothing else still shows (images_in_use).
create function private.purged_images(item public.trash)
returns text[]
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct u.url), '{}')
  from (
    select item.data as data
    union all
    select v.data
    from public.audit_log a
    cross join lateral (values (a.before), (a.after)) v (data)
    where a.table_name = item.table_name and a.row_id = item.row_id::text and v.data is not null
  ) versions
  cross join lateral private.image_urls(versions.data) u (url)
$$;

create function private.image_references()
returns setof text
language sql stable
security definer
set search_path = ''
as $$
  with existing (table_name, row_id, data) as (
    select 'hospedagens', h.id::text,
      jsonb_build_object('image_url', h.image_url, 'additional_images', h.additional_images)
    from public.hospedagens h
    union all
    select 'comercios', c.id::text,
      jsonb_build_object('image_url', c.image_url, 'additional_images', c.additional_images)
    from public.comercios c
    union all
    select 'passeios', p.id::text,
      jsonb_build_object('image_url', p.image_url, 'additional_images', p.additional_images)
    from public.passeios p
    union all
    select 'carousel_slides', s.id::text, jsonb_build_object('image_url', s.image_url)
    from public.carousel_slides s
    union all
    select t.table_name, t.row_id::text, t.data from public.trash t
  ),
  versions (data) as (
    select e.data from existing e
    union all
    select v.data
    from public.audit_log a
    cross join lateral (values (a.before), (a.after)) v (data)
    where v.data is not null
      and a.table_name in ('hospedagens', 'comercios', 'passeios', 'carousel_slides')
      and exists (select 1 from existing e where e.table_name = a.table_name and e.row_id = a.row_id)
  )
  select distinct u.url from versions v cross join lateral private.image_urls(v.data) u (url)
$$;

-- Which of these photo addresses something still shows (the worker frees the others).
create function public.images_in_use(urls text[])
returns text[]
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce(
    (select array_agg(u) from unnest(urls) u where u in (select private.image_references())),
    '{}'
  );
end
$$;

-- Every photo address something shows (the sweep keeps these).
create function public.referenced_images()
returns text[]
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return coalesce((select array_agg(r) from private.image_references() r), '{}');
end
$$;

-- Retention setting -------------------------------------------------------------------------------

alter table public.site_settings drop constraint site_settings_setting_key_check;
alter table public.site_settings add constraint site_settings_setting_key_check check (setting_key in (
  'contact_email', 'contact_phone', 'contact_address', 'site_description',
  'nav_label_inicio', 'nav_label_hospedagem', 'nav_label_comercio', 'nav_label_passeios',
  'nav_label_mapa', 'header_title_hospedagem', 'header_title_comercio', 'header_title_passeios',
  'google_maps_api_key',
  'social_instagram', 'social_facebook', 'social_youtube',
  'legal_privacidade', 'legal_termos', 'legal_cookies',
  'history_retention_days'
));
alter table public.site_settings add constraint site_settings_history_retention_check check (
  setting_key <> 'history_retention_days'
  or (setting_value ~ '^[0-9]{1,4}$' and setting_value::integer between 30 and 3650)
);
insert into public.site_settings (setting_key, setting_value) values ('history_retention_days', '365')
on conflict (setting_key) do nothing;

-- Access ------------------------------------------------------------------------------------------

alter table public.audit_log enable row level security;
alter table public.trash enable row level security;
revoke all on public.audit_log, public.trash from public, anon, authenticated, service_role;
grant select on public.audit_log, public.trash to authenticated, service_role;
create policy audit_log_admin_read on public.audit_log for select to authenticated
  using (public.is_admin());
create policy trash_admin_read on public.trash for select to authenticated
  using (public.is_admin());

revoke all on function
  private.change_label(text, jsonb),
  private.log_change(text, text, text, text[], jsonb, jsonb),
  private.record_change(),
  private.keep_history(),
  private.move_to_trash(),
  private.image_references(),
  private.image_urls(jsonb),
  private.purged_images(public.trash)
  from public, anon, authenticated;
revoke all on function
  public.restore_from_trash(uuid),
  public.purge_from_trash(uuid),
  public.purge_expired(),
  public.restore_version(bigint),
  public.images_in_use(text[]),
  public.referenced_images()
  from public, anon;
grant execute on function
  public.restore_from_trash(uuid),
  public.purge_from_trash(uuid),
  public.purge_expired(),
  public.restore_version(bigint),
  public.images_in_use(text[]),
  public.referenced_images()
  to authenticated, service_role;
