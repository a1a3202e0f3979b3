// Builds db/supabase/seed.sql from the demo data (write-seed.ts writes it; a test checks the
// committed file is up to date).

import type { ListingKind } from '@guia-fortim/domain';
import { KINDS, LISTING_KINDS, slugify } from '@guia-fortim/domain';
import { DEMO_ACCOUNTS } from '../src/demo-accounts.ts';
import {
  DEMO_CATEGORIES,
  DEMO_COMERCIOS,
  DEMO_HOSPEDAGENS,
  DEMO_PASSEIOS,
  DEMO_REVIEWS,
  DEMO_SLIDES,
  type DemoHospedagem,
} from './data.ts';
import { DEMO_IMAGES, demoListingImages } from './demo-images.ts';

type Value = string | number | boolean | string[] | { sql: string };

function literal(value: Value): string {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`número inválido: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) {
    return value.length === 0 ? "'{}'::text[]" : `array[${value.map(literal).join(', ')}]`;
  }
  return value.sql;
}

function insert(table: string, rows: Record<string, Value>[]): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  const values = rows.map(
    (row) => `  (${columns.map((c) => literal(row[c] as Value)).join(', ')})`,
  );
  return `insert into ${table} (${columns.join(', ')}) values\n${values.join(',\n')};\n`;
}

function ago(hours: number): { sql: string } {
  return { sql: `now() - interval '${hours} hours'` };
}

type CommonListing =
  | DemoHospedagem
  | (typeof DEMO_COMERCIOS)[number]
  | (typeof DEMO_PASSEIOS)[number];

function listingColumns(kind: ListingKind, item: CommonListing): Record<string, Value> {
  const images = demoListingImages(kind, item.name);
  return {
    name: item.name,
    description: item.description,
    phone: item.phone,
    rating: item.rating,
    image_url: images.main,
    additional_images: images.extra,
    amenities: item.amenities,
    latitude: item.latitude,
    longitude: item.longitude,
    is_featured: item.featured !== undefined,
    featured_order: item.featured ?? 0,
    is_pinned: item.pinned !== undefined,
    pin_order: item.pinned ?? 0,
    created_at: ago(item.ageHours),
    updated_at: ago(item.ageHours),
  };
}

function accountsSql(): string {
  const accounts = Object.values(DEMO_ACCOUNTS);
  const users = accounts.map(
    (a) => `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
  email_confirmed_at, confirmation_token, recovery_token, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ${literal(a.id)}, 'authenticated', 'authenticated',
  ${literal(a.email)}, ${literal(a.passwordHash)}, now(), '', '',
  '{"provider": "email", "providers": ["email"]}',
  ${literal(JSON.stringify({ username: a.username, full_name: a.fullName, avatar_url: null }))},
  now(), now()
where not exists (
  select 1 from auth.users where id = ${literal(a.id)} or lower(email) = ${literal(a.email)}
);
`,
  );
  const ids = accounts.map((a) => literal(a.id)).join(', ');
  const promotions = accounts
    .filter((a) => a.role !== 'user')
    .map(
      (a) => `delete from public.user_roles where user_id = ${literal(a.id)};
insert into public.user_roles (user_id, role) values (${literal(a.id)}, ${literal(a.role)});
`,
    );
  return `-- Demo accounts (local use only). The sign-up trigger creates their profiles and 'user' roles.
${users.join('')}
-- Hosted Supabase's Auth also needs an e-mail identity and empty (not null) token columns.
do $$
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
        created_at, updated_at)
      select u.id::text, u.id,
        jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
        'email', now(), now(), now()
      from auth.users u
      where u.id in (${ids})
        and not exists (select 1 from auth.identities i where i.user_id = u.id)
    $sql$;
  end if;
  if exists (
    select 1 from information_schema.columns
    where table_schema = 'auth' and table_name = 'users' and column_name = 'email_change'
  ) then
    execute $sql$
      update auth.users set email_change = coalesce(email_change, ''),
        email_change_token_new = coalesce(email_change_token_new, '')
      where id in (${ids})
    $sql$;
  end if;
end
$$;

${promotions.join('')}`;
}

export function buildSeedSql(): string {
  const categories = LISTING_KINDS.flatMap((type) =>
    DEMO_CATEGORIES[type].map((name, i) => ({ name, type, order_position: i + 1 })),
  );
  const slides = DEMO_SLIDES.map((slide) => {
    const image = DEMO_IMAGES.find(
      (img) => img.folder === 'carousel' && img.slug === slugify(slide.title),
    );
    if (!image) throw new Error(`Sem foto para o slide ${slide.title}`);
    return {
      title: slide.title,
      subtitle: slide.subtitle,
      image_url: image.url,
      link: slide.link,
      is_active: slide.isActive,
      order_position: slide.order,
    };
  });
  const reviews = DEMO_REVIEWS.map((r) => ({
    user_id: DEMO_ACCOUNTS[r.author].id,
    listing_kind: r.kind,
    listing_id: {
      sql: `(select id from public.${KINDS[r.kind].resource} where name = ${literal(r.listing)})`,
    },
    rating: r.rating,
    comment: r.comment,
    status: r.status,
    created_at: ago(r.ageHours),
    updated_at: ago(r.ageHours),
    // approved an hour after it was written by the demo moderator, or by the administrator when
    // the moderator wrote it (nobody decides on their own review)
    moderated_at: r.status === 'approved' ? ago(r.ageHours - 1) : { sql: 'null' },
    moderated_by:
      r.status !== 'approved'
        ? { sql: 'null' }
        : r.author === 'moderador'
          ? DEMO_ACCOUNTS.admin.id
          : DEMO_ACCOUNTS.moderador.id,
  }));
  return `-- Demo data for local development and tests. Generated by db/supabase/seed/write-seed.ts from
-- db/supabase/seed/data.ts: edit those and run \`npm run seed:generate -w @guia-fortim/db\`, never this file.
-- Runs only on an empty database (supabase db reset, or db/local on first start).

${accountsSql()}
-- Categories (every fallback category, in the fallback lists' order)
${insert('public.categories', categories)}
-- Hospedagens
${insert(
  'public.hospedagens',
  DEMO_HOSPEDAGENS.map((h) => ({
    ...listingColumns('hospedagem', h),
    address: h.address,
    price: h.price,
    categorias: h.categorias,
  })),
)}
-- Comércios
${insert(
  'public.comercios',
  DEMO_COMERCIOS.map((c) => ({
    ...listingColumns('comercio', c),
    address: c.address,
    horario: c.horario,
    categoria: c.categoria,
  })),
)}
-- Passeios
${insert(
  'public.passeios',
  DEMO_PASSEIOS.map((p) => ({
    ...listingColumns('passeio', p),
    price: p.price,
    duracao: p.duracao,
    ponto_encontro: p.ponto_encontro,
    itens_incluidos: p.itens_incluidos,
    categoria: p.categoria,
  })),
)}
-- Carousel
${insert('public.carousel_slides', slides)}
-- Visitors' reviews
${insert('public.reviews', reviews)}`;
}
