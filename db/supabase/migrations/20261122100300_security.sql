-- Grants and row-level security. Hosted Supabase grants everything on new public objects to the
-- API roles, so each table and function starts from "revoke all" and grants only what it needs.
-- Visitors (anon) read listings, active categories, active slides and settings; a signed-in user
-- reads and edits their own profile (full_name, username) and reads their own roles; admins read
-- everything and write content. Featured/pinned columns, slugs and roles change only through the
-- SQL functions.

revoke all on all tables in schema public from public, anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;
-- Objects of later migrations start closed too: each grants what it needs.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- (EXECUTE for PUBLIC is a global default: a per-schema statement cannot take it away)
alter default privileges revoke execute on functions from public;
grant all on all tables in schema public to service_role;

-- Check constraints call these validators with the writer's rights (and the plpgsql ones look up
-- their siblings by name, hence USAGE; every other private function stays without EXECUTE).
grant usage on schema private to anon, authenticated, service_role;
grant execute on function
  private.is_text(text, integer),
  private.is_image_url(text),
  private.is_link(text),
  private.is_image_url_list(text[], integer),
  private.is_text_list(text[], integer, integer),
  private.is_image_styles(jsonb),
  private.slugify(text)
  to anon, authenticated, service_role;

-- Listings ---------------------------------------------------------------------------------------

alter table public.hospedagens enable row level security;
grant select on public.hospedagens to anon, authenticated;
grant insert (name, description, address, price, phone, rating, image_url, additional_images,
  amenities, categorias, image_styles, latitude, longitude) on public.hospedagens to authenticated;
grant update (name, description, address, price, phone, rating, image_url, additional_images,
  amenities, categorias, image_styles, latitude, longitude) on public.hospedagens to authenticated;
grant delete on public.hospedagens to authenticated;
create policy hospedagens_read on public.hospedagens for select to anon, authenticated using (true);
create policy hospedagens_admin_insert on public.hospedagens for insert to authenticated
  with check (public.is_admin());
create policy hospedagens_admin_update on public.hospedagens for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy hospedagens_admin_delete on public.hospedagens for delete to authenticated
  using (public.is_admin());

alter table public.comercios enable row level security;
grant select on public.comercios to anon, authenticated;
grant insert (name, description, address, horario, phone, rating, image_url, additional_images,
  amenities, categoria, image_styles, latitude, longitude) on public.comercios to authenticated;
grant update (name, description, address, horario, phone, rating, image_url, additional_images,
  amenities, categoria, image_styles, latitude, longitude) on public.comercios to authenticated;
grant delete on public.comercios to authenticated;
create policy comercios_read on public.comercios for select to anon, authenticated using (true);
create policy comercios_admin_insert on public.comercios for insert to authenticated
  with check (public.is_admin());
create policy comercios_admin_update on public.comercios for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy comercios_admin_delete on public.comercios for delete to authenticated
  using (public.is_admin());

alter table public.passeios enable row level security;
grant select on public.passeios to anon, authenticated;
grant insert (name, description, price, duracao, ponto_encontro, itens_incluidos, phone, rating,
  image_url, additional_images, amenities, categoria, image_styles, latitude, longitude)
  on public.passeios to authenticated;
grant update (name, description, price, duracao, ponto_encontro, itens_incluidos, phone, rating,
  image_url, additional_images, amenities, categoria, image_styles, latitude, longitude)
  on public.passeios to authenticated;
grant delete on public.passeios to authenticated;
create policy passeios_read on public.passeios for select to anon, authenticated using (true);
create policy passeios_admin_insert on public.passeios for insert to authenticated
  with check (public.is_admin());
create policy passeios_admin_update on public.passeios for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy passeios_admin_delete on public.passeios for delete to authenticated
  using (public.is_admin());

-- Categories -------------------------------------------------------------------------------------

alter table public.categories enable row level security;
grant select on public.categories to anon, authenticated;
grant insert (name, type, is_active, order_position) on public.categories to authenticated;
grant update (name, is_active, order_position) on public.categories to authenticated;
grant delete on public.categories to authenticated;
create policy categories_read_active on public.categories for select to anon using (is_active);
create policy categories_read on public.categories for select to authenticated
  using (is_active or public.is_admin());
create policy categories_admin_insert on public.categories for insert to authenticated
  with check (public.is_admin());
create policy categories_admin_update on public.categories for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy categories_admin_delete on public.categories for delete to authenticated
  using (public.is_admin());

-- Carousel ---------------------------------------------------------------------------------------

alter table public.carousel_slides enable row level security;
grant select on public.carousel_slides to anon, authenticated;
grant insert (title, subtitle, image_url, link, is_active, order_position, image_styles)
  on public.carousel_slides to authenticated;
grant update (title, subtitle, image_url, link, is_active, order_position, image_styles)
  on public.carousel_slides to authenticated;
grant delete on public.carousel_slides to authenticated;
create policy carousel_slides_read_active on public.carousel_slides for select to anon
  using (is_active);
create policy carousel_slides_read on public.carousel_slides for select to authenticated
  using (is_active or public.is_admin());
create policy carousel_slides_admin_insert on public.carousel_slides for insert to authenticated
  with check (public.is_admin());
create policy carousel_slides_admin_update on public.carousel_slides for update to authenticated
  using (public.is_admin()) with check (public.is_admin());
create policy carousel_slides_admin_delete on public.carousel_slides for delete to authenticated
  using (public.is_admin());

-- Site settings (a fixed set of keys: admins upsert values, nobody deletes them) -------------------

alter table public.site_settings enable row level security;
grant select on public.site_settings to anon, authenticated;
grant insert (setting_key, setting_value) on public.site_settings to authenticated;
grant update (setting_key, setting_value) on public.site_settings to authenticated;
create policy site_settings_read on public.site_settings for select to anon, authenticated
  using (true);
create policy site_settings_admin_insert on public.site_settings for insert to authenticated
  with check (public.is_admin());
create policy site_settings_admin_update on public.site_settings for update to authenticated
  using (public.is_admin()) with check (public.is_admin());

-- Profiles and roles -----------------------------------------------------------------------------

alter table public.profiles enable row level security;
grant select on public.profiles to authenticated;
-- updated_at is accepted (the profile form sends it) but the trigger sets it to now().
grant update (full_name, username, updated_at) on public.profiles to authenticated;
create policy profiles_read_own on public.profiles for select to authenticated
  using (id = auth.uid() or public.is_admin());
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = auth.uid()) with check (id = auth.uid());

alter table public.user_roles enable row level security;
grant select on public.user_roles to authenticated;
create policy user_roles_read_own on public.user_roles for select to authenticated
  using (user_id = auth.uid() or public.is_admin());

-- Functions --------------------------------------------------------------------------------------

grant execute on function public.username_available(text) to anon, authenticated, service_role;
grant execute on function
  public.has_role(uuid, public.app_role),
  public.is_admin(),
  public.grant_admin_access(text),
  public.set_user_role(uuid, public.app_role),
  public.set_featured(text, uuid, boolean),
  public.move_featured(text, uuid, text),
  public.set_pinned(text, uuid, boolean),
  public.move_pinned(text, uuid, text)
  to authenticated, service_role;
