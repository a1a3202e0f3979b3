-- The site settings' keys, stated once in SQL: the key check of public.site_settings asks
-- private.setting_keys() instead of repeating the list, so the next setting is one more key here
-- (a `create or replace` of this function in its migration, beside its default row). The list is
-- the domain's SETTING_KEYS (db/domain/src/settings.ts); db/supabase/test/setting-keys.test.ts
-- compares the two.

create function private.setting_keys()
returns text[]
language sql immutable
set search_path = ''
as $$
  select array[
    'contact_email', 'contact_phone', 'contact_address', 'site_description',
    'nav_label_inicio', 'nav_label_hospedagem', 'nav_label_comercio', 'nav_label_passeios',
    'nav_label_mapa', 'header_title_hospedagem', 'header_title_comercio', 'header_title_passeios',
    'google_maps_api_key',
    'social_instagram', 'social_facebook', 'social_youtube',
    'legal_privacidade', 'legal_termos', 'legal_cookies',
    'history_retention_days'
  ]::text[]
$$;

-- The check calls it with the writer's rights, as it calls the other validators.
revoke all on function private.setting_keys() from public;
grant execute on function private.setting_keys() to anon, authenticated, service_role;

alter table public.site_settings drop constraint site_settings_setting_key_check;
alter table public.site_settings add constraint site_settings_setting_key_check
  check (setting_key = any (private.setting_keys()));
