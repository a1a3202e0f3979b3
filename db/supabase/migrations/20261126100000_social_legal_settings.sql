-- Social profiles and the legal pages' texts become site settings (issue 20).
-- social_*: empty (the footer leaves it out) or an http(s) address, by the same rule as a slide's
-- link. legal_*: never blank, up to 20,000 characters; their defaults are long texts kept once, in
-- the domain package (DEFAULT_PRIVACY_TEXT …): no row means "the default text".
alter table public.site_settings drop constraint site_settings_setting_key_check;
alter table public.site_settings add constraint site_settings_setting_key_check check (setting_key in (
  'contact_email', 'contact_phone', 'contact_address', 'site_description',
  'nav_label_inicio', 'nav_label_hospedagem', 'nav_label_comercio', 'nav_label_passeios',
  'nav_label_mapa', 'header_title_hospedagem', 'header_title_comercio', 'header_title_passeios',
  'google_maps_api_key',
  'social_instagram', 'social_facebook', 'social_youtube',
  'legal_privacidade', 'legal_termos', 'legal_cookies'
));

alter table public.site_settings drop constraint site_settings_setting_value_check;
alter table public.site_settings add constraint site_settings_setting_value_check check (
  char_length(setting_value) <= case when setting_key like 'legal\_%' then 20000 else 2000 end
);

alter table public.site_settings add constraint site_settings_social_link_check check (
  setting_key not like 'social\_%'
  or setting_value = ''
  or (private.is_link(setting_value) and setting_value ~* '^https?://')
);

alter table public.site_settings add constraint site_settings_legal_text_check check (
  setting_key not like 'legal\_%' or private.is_text(setting_value, 20000)
);

insert into public.site_settings (setting_key, setting_value) values
  ('social_instagram', ''),
  ('social_facebook', ''),
  ('social_youtube', '')
on conflict (setting_key) do nothing;
