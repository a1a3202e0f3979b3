// Everything the public site shows, read once per build from Supabase and validated: listings in
// public order, active slides, active categories (the spec's fallback list for a kind without
// any) and site settings (defaults for missing keys).
import {
  type CarouselSlide,
  type Comercio,
  comparePublicOrder,
  FALLBACK_CATEGORIES,
  type Hospedagem,
  LISTING_KINDS,
  type ListingKind,
  type Passeio,
  type Settings,
  settingsFromRows,
} from '@guia-fortim/domain';
import type { z } from 'astro/zod';
import { readAllRows } from './rest.ts';
import {
  categoryRow,
  comercioRow,
  hospedagemRow,
  passeioRow,
  settingRow,
  slideRow,
} from './row-schemas.ts';
import type { SupabaseConfig } from './supabase-config.ts';

export type SiteData = {
  hospedagens: Hospedagem[];
  comercios: Comercio[];
  passeios: Passeio[];
  slides: CarouselSlide[];
  categories: Record<ListingKind, string[]>;
  settings: Settings;
};

const PUBLIC_ORDER = 'is_pinned.desc,pin_order.asc,created_at.desc,id.asc';

export async function readSiteData(config: SupabaseConfig): Promise<SiteData> {
  const [hospedagens, comercios, passeios, slides, categoryRows, settingRows] = await Promise.all([
    readTable(config, 'hospedagens', { select: '*', order: PUBLIC_ORDER }, hospedagemRow),
    readTable(config, 'comercios', { select: '*', order: PUBLIC_ORDER }, comercioRow),
    readTable(config, 'passeios', { select: '*', order: PUBLIC_ORDER }, passeioRow),
    readTable(
      config,
      'carousel_slides',
      { select: '*', is_active: 'eq.true', order: 'order_position.asc,id.asc' },
      slideRow,
    ),
    readTable(
      config,
      'categories',
      { select: 'name,type,order_position', is_active: 'eq.true', order: 'order_position.asc' },
      categoryRow,
    ),
    readTable(config, 'site_settings', { select: 'setting_key,setting_value' }, settingRow),
  ]);
  return {
    hospedagens: hospedagens.sort(comparePublicOrder),
    comercios: comercios.sort(comparePublicOrder),
    passeios: passeios.sort(comparePublicOrder),
    slides,
    categories: activeCategories(categoryRows),
    settings: settingsFromRows(settingRows),
  };
}

function activeCategories(
  rows: readonly z.output<typeof categoryRow>[],
): Record<ListingKind, string[]> {
  const byKind = Object.fromEntries(
    LISTING_KINDS.map((kind) => {
      const names = rows
        .filter((row) => row.type === kind)
        .sort((a, b) => a.order_position - b.order_position)
        .map((row) => row.name);
      return [kind, names.length > 0 ? names : [...FALLBACK_CATEGORIES[kind]]];
    }),
  );
  return byKind as Record<ListingKind, string[]>;
}

async function readTable<S extends z.ZodType>(
  config: SupabaseConfig,
  table: string,
  query: Record<string, string>,
  schema: S,
): Promise<z.output<S>[]> {
  const rows = await readAllRows(config, table, query);
  return rows.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const where = (row as { slug?: unknown; id?: unknown }).slug ?? (row as { id?: unknown }).id;
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(linha)'}: ${issue.message}`)
      .join('; ');
    throw new Error(
      `Linha inválida em ${table} (${String(where ?? `#${index + 1}`)}): ${problems}`,
    );
  });
}
