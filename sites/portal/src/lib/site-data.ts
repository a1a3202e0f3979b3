// Everything the public site shows, read once per build from Supabase's REST API as the anonymous
// visitor (the publishable key: the build sees exactly what row-level security lets the public
// see) and validated: listings, active slides, active categories in order (the domain's fallback
// list for a kind without any), site settings (defaults for missing keys) and the approved
// reviews (published_reviews). Listings, slides and reviews come in id order: a content
// collection keeps its entries by id whatever order they are stored in, so content.ts puts them
// in public order for the pages.
//
// The data's version (public.site_version(), raised by every change to what the site shows) is
// read first, before any table: the data read after it shows at least that version, so a page
// made from it may be recorded under it (pages/site-build.json.ts, worker.ts).
import {
  type CarouselSlide,
  type Comercio,
  categoryRowSchema,
  comercioRowSchema,
  FALLBACK_CATEGORIES,
  type Hospedagem,
  hospedagemRowSchema,
  LISTING_KINDS,
  type ListingKind,
  type Passeio,
  type PublishedReview,
  passeioRowSchema,
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  type Settings,
  settingRowSchema,
  settingsFromRows,
  slideRowSchema,
} from '@guia-fortim/domain';
import { createClient, type PostgrestError } from '@supabase/supabase-js';
import { z } from 'astro/zod';
import type { SupabaseConfig } from './supabase-config.ts';

export type SiteData = {
  /** public.site_version() as read before the data: the data shows at least this version. */
  version: number;
  hospedagens: Hospedagem[];
  comercios: Comercio[];
  passeios: Passeio[];
  slides: CarouselSlide[];
  categories: Record<ListingKind, string[]>;
  settings: Settings;
  /** The approved reviews of listings that exist (published_reviews). */
  reviews: PublishedReview[];
};

/** A row of published_reviews as the REST API returns it. */
export const publishedReviewRowSchema = z.object({
  id: z.string(),
  listing_kind: z.enum(LISTING_KINDS),
  listing_id: z.string(),
  rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  comment: z.string().min(1).max(REVIEW_COMMENT_MAX),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Rows per request, so no server row cap cuts a table. */
const PAGE_ROWS = 1000;
const TIMEOUT_MS = 60_000;

type Answer = { data: unknown; error: PostgrestError | null; status: number };
/** A query to read page by page; its order must tie no two rows. */
type Query = { range(from: number, to: number): PromiseLike<Answer> };

export async function readSiteData(config: SupabaseConfig): Promise<SiteData> {
  const supabase = createClient(config.url, config.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // One attempt per page, as before: a build that cannot read fails at once, saying why.
    db: { timeout: TIMEOUT_MS, retry: false },
  });
  const version = await readVersion(config.url, () => supabase.rpc('site_version'));
  const from = (table: string, columns = '*') => supabase.from(table).select(columns);
  const [hospedagens, comercios, passeios, slides, categoryRows, settingRows, reviews] =
    await Promise.all([
      readTable(config.url, 'hospedagens', hospedagemRowSchema, () =>
        from('hospedagens').order('id'),
      ),
      readTable(config.url, 'comercios', comercioRowSchema, () => from('comercios').order('id')),
      readTable(config.url, 'passeios', passeioRowSchema, () => from('passeios').order('id')),
      readTable(config.url, 'carousel_slides', slideRowSchema, () =>
        from('carousel_slides').eq('is_active', true).order('id'),
      ),
      readTable(config.url, 'categories', categoryRowSchema, () =>
        from('categories', 'name,type,order_position')
          .eq('is_active', true)
          .order('order_position')
          .order('id'),
      ),
      readTable(config.url, 'site_settings', settingRowSchema, () =>
        from('site_settings', 'setting_key,setting_value').order('setting_key'),
      ),
      readTable(config.url, 'published_reviews', publishedReviewRowSchema, () =>
        from('published_reviews').order('id'),
      ),
    ]);
  return {
    version,
    hospedagens,
    comercios,
    passeios,
    slides,
    categories: activeCategories(categoryRows),
    settings: settingsFromRows(settingRows),
    reviews,
  };
}

async function readVersion(url: string, rpc: () => PromiseLike<Answer>): Promise<number> {
  const answer = await rpc();
  if (answer.error) throw readFailure(url, 'site_version', answer.status, answer.error);
  const version = Number(answer.data);
  if (answer.data === null || !Number.isSafeInteger(version) || version < 0) {
    throw new Error(`Leitura de site_version não devolveu um número: ${String(answer.data)}`);
  }
  return version;
}

/** Rows come in order_position order. */
function activeCategories(
  rows: readonly z.output<typeof categoryRowSchema>[],
): Record<ListingKind, string[]> {
  const byKind = Object.fromEntries(
    LISTING_KINDS.map((kind) => {
      const names = rows.filter((row) => row.type === kind).map((row) => row.name);
      return [kind, names.length > 0 ? names : [...FALLBACK_CATEGORIES[kind]]];
    }),
  );
  return byKind as Record<ListingKind, string[]>;
}

/** Every row `query` selects, page after page, each checked against `schema`. */
async function readTable<S extends z.ZodType>(
  url: string,
  table: string,
  schema: S,
  query: () => Query,
): Promise<z.output<S>[]> {
  const rows: unknown[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const answer: Answer = await query().range(from, from + PAGE_ROWS - 1);
    if (answer.error) throw readFailure(url, table, answer.status, answer.error);
    if (!Array.isArray(answer.data)) {
      throw new Error(`Leitura de ${table} não devolveu uma lista.`);
    }
    rows.push(...answer.data);
    if (answer.data.length < PAGE_ROWS) break;
  }
  return rows.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const { slug, id } = row as { slug?: unknown; id?: unknown };
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(linha)'}: ${issue.message}`)
      .join('; ');
    throw new Error(
      `Linha inválida em ${table} (${String(slug ?? id ?? `#${index + 1}`)}): ${problems}`,
    );
  });
}

/** supabase-js answers status 0 when the request got no answer, and a 2xx with an error when the
 * answer was not JSON. */
function readFailure(url: string, table: string, status: number, error: PostgrestError): Error {
  if (status === 0) {
    const cause = /Caused by: (.*)/.exec(error.details)?.[1];
    return new Error(
      `Não foi possível ler ${table} em ${url}: ${error.message}${cause ? ` (${cause})` : ''}`,
    );
  }
  if (status < 300) return new Error(`Leitura de ${table} não devolveu JSON.`);
  // The refusal's body as PostgREST sent it: its JSON error, or its text.
  const body = Object.keys(error).length === 1 ? error.message : JSON.stringify(error);
  return new Error(`Leitura de ${table} falhou (HTTP ${status}): ${body.slice(0, 300)}`);
}
