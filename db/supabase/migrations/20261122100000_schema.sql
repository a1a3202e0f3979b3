-- Guia Fortim data model: types, validation helpers, tables, constraints and bookkeeping triggers.
-- Row-level security and grants are in the *_security migration; SQL functions in their own files.

create type public.app_role as enum ('user', 'moderator', 'admin');
create type public.listing_kind as enum ('hospedagem', 'comercio', 'passeio');

-- Helpers live in a schema PostgREST does not expose.
create schema if not exists private;
revoke all on schema private from public;

-- Text with at least one visible character and at most max_length characters.
create function private.is_text(value text, max_length integer)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null and value ~ '[^[:space:]]' and char_length(value) <= max_length
$$;

-- An image address: an http(s) URL or a site path ("/…"), no spaces, control characters or
-- backslashes (browsers read "/\host" as another site).
create function private.is_image_url(value text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null
    and char_length(value) <= 2048
    and value !~ '[[:space:][:cntrl:]\\]'
    and (value ~* '^https?://[^/?#]+' or value ~ '^/[^/]')
$$;

-- A button link: a site path ("/" or "/…", never "//host") or an http(s) URL.
create function private.is_link(value text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null
    and char_length(value) <= 2048
    and value !~ '[[:space:][:cntrl:]\\]'
    and (value ~* '^https?://[^/?#]+' or value ~ '^/([^/]|$)')
$$;

create function private.is_image_url_list(items text[], max_items integer)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  item text;
begin
  if items is null or coalesce(array_ndims(items), 1) <> 1 or cardinality(items) > max_items then
    return false;
  end if;
  foreach item in array items loop
    if not private.is_image_url(item) then
      return false;
    end if;
  end loop;
  return true;
end
$$;

-- A list of short labels (amenities, categories, included items): trimmed, non-empty, no
-- repeats (ignoring case), bounded.
create function private.is_text_list(items text[], max_items integer, max_length integer)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  item text;
  seen text[] := '{}';
begin
  if items is null or coalesce(array_ndims(items), 1) <> 1 or cardinality(items) > max_items then
    return false;
  end if;
  foreach item in array items loop
    if item is null or item <> btrim(item) or not private.is_text(item, max_length)
      or lower(item) = any (seen) then
      return false;
    end if;
    seen := seen || lower(item);
  end loop;
  return true;
end
$$;

-- image_styles: exactly scale 0.5–3, rotate -45–45, positionX/positionY 0–100, objectFit.
create function private.is_image_styles(styles jsonb)
returns boolean
language plpgsql immutable
set search_path = ''
as $$
begin
  if styles is null or jsonb_typeof(styles) <> 'object'
    or not styles ?& array['scale', 'rotate', 'positionX', 'positionY', 'objectFit']
    or (select count(*) from jsonb_object_keys(styles)) <> 5
    or jsonb_typeof(styles -> 'scale') <> 'number'
    or jsonb_typeof(styles -> 'rotate') <> 'number'
    or jsonb_typeof(styles -> 'positionX') <> 'number'
    or jsonb_typeof(styles -> 'positionY') <> 'number'
    or jsonb_typeof(styles -> 'objectFit') <> 'string' then
    return false;
  end if;
  return (styles ->> 'scale')::numeric between 0.5 and 3
    and (styles ->> 'rotate')::numeric between -45 and 45
    and (styles ->> 'positionX')::numeric between 0 and 100
    and (styles ->> 'positionY')::numeric between 0 and 100
    and styles ->> 'objectFit' in ('cover', 'contain', 'fill', 'scale-down');
end
$$;

-- Lowercase ASCII slug; the same mapping as slugify() in db/src/slug.ts (a test compares them).
create function private.slugify(value text)
returns text
language sql immutable strict
set search_path = ''
as $$
  select coalesce(
    nullif(
      btrim(
        left(
          btrim(
            regexp_replace(
              translate(
                value,
                'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
                'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy'
              ),
              '[^a-z0-9]+', '-', 'g'
            ),
            '-'
          ),
          80
        ),
        '-'
      ),
      ''
    ),
    'item'
  )
$$;

create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Profiles and roles ---------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  username text check (username is null or username ~ '^[A-Za-z0-9._]{3,30}$'),
  full_name text check (full_name is null or private.is_text(full_name, 100)),
  avatar_url text check (avatar_url is null or private.is_image_url(avatar_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index profiles_username_lower_key on public.profiles (lower(username));

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null default 'user',
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

-- Listings -------------------------------------------------------------------------------------

create table public.hospedagens (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (private.is_text(name, 120)),
  description text not null check (private.is_text(description, 5000)),
  address text not null check (private.is_text(address, 200)),
  price numeric(10, 2) not null check (price >= 0),
  phone text not null check (phone ~ '^[0-9]{10,15}$'),
  rating numeric(2, 1) not null default 4.5 check (rating between 0 and 5),
  image_url text not null check (private.is_image_url(image_url)),
  additional_images text[] not null default '{}'
    check (private.is_image_url_list(additional_images, 3)),
  amenities text[] not null default '{}' check (private.is_text_list(amenities, 30, 60)),
  categorias text[] not null
    check (cardinality(categorias) >= 1 and private.is_text_list(categorias, 20, 60)),
  image_styles jsonb not null
    default '{"scale": 1, "rotate": 0, "positionX": 50, "positionY": 50, "objectFit": "cover"}'
    check (private.is_image_styles(image_styles)),
  latitude double precision not null default 0 check (latitude between -90 and 90),
  longitude double precision not null default 0 check (longitude between -180 and 180),
  is_featured boolean not null default false,
  featured_order integer not null default 0,
  is_pinned boolean not null default false,
  pin_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hospedagens_featured_order_check
    check ((is_featured and featured_order >= 0) or (not is_featured and featured_order = 0)),
  constraint hospedagens_pin_order_check
    check ((is_pinned and pin_order >= 1) or (not is_pinned and pin_order = 0)),
  constraint hospedagens_featured_order_unique
    exclude using btree (featured_order with =) where (is_featured) deferrable initially deferred,
  constraint hospedagens_pin_order_unique
    exclude using btree (pin_order with =) where (is_pinned) deferrable initially deferred
);

create table public.comercios (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (private.is_text(name, 120)),
  description text not null check (private.is_text(description, 5000)),
  address text not null check (private.is_text(address, 200)),
  horario text not null default 'Não informado' check (private.is_text(horario, 200)),
  phone text not null check (phone ~ '^[0-9]{10,15}$'),
  rating numeric(2, 1) not null default 4.5 check (rating between 0 and 5),
  image_url text not null check (private.is_image_url(image_url)),
  additional_images text[] not null default '{}'
    check (private.is_image_url_list(additional_images, 3)),
  amenities text[] not null default '{}' check (private.is_text_list(amenities, 30, 60)),
  categoria text not null default 'Geral' check (private.is_text(categoria, 60)),
  image_styles jsonb not null
    default '{"scale": 1, "rotate": 0, "positionX": 50, "positionY": 50, "objectFit": "cover"}'
    check (private.is_image_styles(image_styles)),
  latitude double precision not null default 0 check (latitude between -90 and 90),
  longitude double precision not null default 0 check (longitude between -180 and 180),
  is_featured boolean not null default false,
  featured_order integer not null default 0,
  is_pinned boolean not null default false,
  pin_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint comercios_featured_order_check
    check ((is_featured and featured_order >= 0) or (not is_featured and featured_order = 0)),
  constraint comercios_pin_order_check
    check ((is_pinned and pin_order >= 1) or (not is_pinned and pin_order = 0)),
  constraint comercios_featured_order_unique
    exclude using btree (featured_order with =) where (is_featured) deferrable initially deferred,
  constraint comercios_pin_order_unique
    exclude using btree (pin_order with =) where (is_pinned) deferrable initially deferred
);

create table public.passeios (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (private.is_text(name, 120)),
  description text not null check (private.is_text(description, 5000)),
  price numeric(10, 2) not null check (price >= 0),
  duracao text not null default 'Não informado' check (private.is_text(duracao, 100)),
  ponto_encontro text not null default 'Não informado' check (private.is_text(ponto_encontro, 200)),
  itens_incluidos text[] not null default '{}' check (private.is_text_list(itens_incluidos, 30, 100)),
  phone text not null check (phone ~ '^[0-9]{10,15}$'),
  rating numeric(2, 1) not null default 4.5 check (rating between 0 and 5),
  image_url text not null check (private.is_image_url(image_url)),
  additional_images text[] not null default '{}'
    check (private.is_image_url_list(additional_images, 3)),
  amenities text[] not null default '{}' check (private.is_text_list(amenities, 30, 60)),
  categoria text not null default 'Geral' check (private.is_text(categoria, 60)),
  image_styles jsonb not null
    default '{"scale": 1, "rotate": 0, "positionX": 50, "positionY": 50, "objectFit": "cover"}'
    check (private.is_image_styles(image_styles)),
  latitude double precision not null default 0 check (latitude between -90 and 90),
  longitude double precision not null default 0 check (longitude between -180 and 180),
  is_featured boolean not null default false,
  featured_order integer not null default 0,
  is_pinned boolean not null default false,
  pin_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint passeios_featured_order_check
    check ((is_featured and featured_order >= 0) or (not is_featured and featured_order = 0)),
  constraint passeios_pin_order_check
    check ((is_pinned and pin_order >= 1) or (not is_pinned and pin_order = 0)),
  constraint passeios_featured_order_unique
    exclude using btree (featured_order with =) where (is_featured) deferrable initially deferred,
  constraint passeios_pin_order_unique
    exclude using btree (pin_order with =) where (is_pinned) deferrable initially deferred
);

-- Categories, carousel, settings ----------------------------------------------------------------

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (name = btrim(name) and private.is_text(name, 60)),
  type public.listing_kind not null,
  is_active boolean not null default true,
  order_position integer not null check (order_position >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index categories_type_name_key on public.categories (type, lower(name));

create table public.carousel_slides (
  id uuid primary key default gen_random_uuid(),
  title text not null check (private.is_text(title, 120)),
  subtitle text not null check (private.is_text(subtitle, 300)),
  image_url text not null check (private.is_image_url(image_url)),
  link text not null default '/passeios' check (private.is_link(link)),
  is_active boolean not null default true,
  order_position integer not null check (order_position >= 1),
  image_styles jsonb not null
    default '{"scale": 1, "rotate": 0, "positionX": 50, "positionY": 50, "objectFit": "cover"}'
    check (private.is_image_styles(image_styles)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.site_settings (
  setting_key text primary key check (setting_key in (
    'contact_email', 'contact_phone', 'contact_address', 'site_description',
    'nav_label_inicio', 'nav_label_hospedagem', 'nav_label_comercio', 'nav_label_passeios',
    'nav_label_mapa', 'header_title_hospedagem', 'header_title_comercio', 'header_title_passeios',
    'google_maps_api_key'
  )),
  setting_value text not null default '' check (char_length(setting_value) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Defaults (the same values as SETTINGS_DEFAULTS in db/src/settings.ts; a test compares them).
insert into public.site_settings (setting_key, setting_value) values
  ('contact_email', 'contato@guiafortim.com.br'),
  ('contact_phone', '+55 (88) 99999-0000'),
  ('contact_address', 'Fortim, Ceará - Brasil'),
  ('site_description', 'Seu guia para descobrir Fortim, no litoral leste do Ceará: praias de águas mornas, passeios pelo Rio Jaguaribe, pousadas aconchegantes e o melhor do comércio local.'),
  ('nav_label_inicio', 'Início'),
  ('nav_label_hospedagem', 'Hospedagem'),
  ('nav_label_comercio', 'Comércio Local'),
  ('nav_label_passeios', 'Passeios'),
  ('nav_label_mapa', 'Mapa'),
  ('header_title_hospedagem', 'Hospedagens em Fortim'),
  ('header_title_comercio', 'Comércio Local'),
  ('header_title_passeios', 'Passeios e Experiências'),
  ('google_maps_api_key', '')
on conflict (setting_key) do nothing;

-- Bookkeeping triggers -------------------------------------------------------------------------

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function private.touch_updated_at();
create trigger hospedagens_touch_updated_at before update on public.hospedagens
  for each row execute function private.touch_updated_at();
create trigger comercios_touch_updated_at before update on public.comercios
  for each row execute function private.touch_updated_at();
create trigger passeios_touch_updated_at before update on public.passeios
  for each row execute function private.touch_updated_at();
create trigger categories_touch_updated_at before update on public.categories
  for each row execute function private.touch_updated_at();
create trigger carousel_slides_touch_updated_at before update on public.carousel_slides
  for each row execute function private.touch_updated_at();
create trigger site_settings_touch_updated_at before update on public.site_settings
  for each row execute function private.touch_updated_at();

-- A listing's slug comes from its name on insert (-2, -3… on collision) and never changes.
create function private.assign_slug()
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

create function private.keep_slug()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.slug := old.slug;
  return new;
end
$$;

create trigger hospedagens_assign_slug before insert on public.hospedagens
  for each row execute function private.assign_slug();
create trigger comercios_assign_slug before insert on public.comercios
  for each row execute function private.assign_slug();
create trigger passeios_assign_slug before insert on public.passeios
  for each row execute function private.assign_slug();
create trigger hospedagens_keep_slug before update of slug on public.hospedagens
  for each row execute function private.keep_slug();
create trigger comercios_keep_slug before update of slug on public.comercios
  for each row execute function private.keep_slug();
create trigger passeios_keep_slug before update of slug on public.passeios
  for each row execute function private.keep_slug();
