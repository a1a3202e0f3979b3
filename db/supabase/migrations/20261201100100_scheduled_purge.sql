-- The retention rules run every day by themselves: trash older than 30 days and history older
-- than history_retention_days go even when nobody edits (the privacy text promises it), through
-- pg_cron, which hosted Supabase offers as an extension ("Supabase Cron"; enabled as its guide
-- does, in pg_catalog). Locally db/local stands in for it (bootstrap/02_local_cron.sql).
-- An admin's edit still runs the same rules through public.purge_expired, which also tells the
-- worker which photos the purged rows freed; the daily run leaves those to the worker's sweep.

do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
end
$$;

-- The rules themselves, for the schedule (run as the database owner, no caller to check).
create function private.purge_expired_unchecked()
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
revoke all on function private.purge_expired_unchecked() from public, anon, authenticated, service_role;

-- What an admin calls (the worker, after an edit): the same rules, for admins only (its grants
-- stay: authenticated and service_role).
create or replace function public.purge_expired()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return private.purge_expired_unchecked();
end
$$;

-- Every day at 06:17 UTC (03:17 in Fortim), a quiet hour.
select cron.schedule(
  'guia-fortim-purge-expired',
  '17 6 * * *',
  'select private.purge_expired_unchecked()'
);
