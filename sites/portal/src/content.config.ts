// The content layer: one read of Supabase per build (site-data.ts) feeds every collection.

import { defineCollection } from 'astro:content';
import {
  comercioRowSchema,
  hospedagemRowSchema,
  LISTING_KINDS,
  passeioRowSchema,
  SETTING_KEYS,
  type SettingKey,
  slideRowSchema,
} from '@guia-fortim/domain';
import type { Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { publishedReviewRowSchema, readSiteData, type SiteData } from './lib/site-data.ts';
import { supabaseConfig } from './lib/supabase-config.ts';

let siteData: Promise<SiteData> | undefined;

// `astro check` and `astro sync` only need the collections' types, not the data.
// The site Worker's build (on-demand pages, each given its data: middleware.ts) reads none
// either, so its bundle carries no copy of the content (PORTAL_CONTENT=none, worker-build.ts).
const typesOnly =
  process.argv.some((arg) => arg === 'check' || arg === 'sync') ||
  process.env.PORTAL_CONTENT === 'none';

function siteDataLoader(
  name: string,
  entries: (data: SiteData) => { id: string; data: Record<string, unknown> }[],
): Loader {
  return {
    name: `supabase-${name}`,
    load: async ({ store, parseData, logger }) => {
      store.clear();
      if (typesOnly) return;
      siteData ??= readSiteData(supabaseConfig());
      const all = entries(await siteData);
      for (const entry of all) {
        store.set({ id: entry.id, data: await parseData(entry) });
      }
      logger.info(`${all.length} ${name} lidos do Supabase`);
    },
  };
}

const hospedagens = defineCollection({
  loader: siteDataLoader('hospedagens', (d) => d.hospedagens.map((h) => ({ id: h.slug, data: h }))),
  schema: hospedagemRowSchema,
});
const comercios = defineCollection({
  loader: siteDataLoader('comercios', (d) => d.comercios.map((c) => ({ id: c.slug, data: c }))),
  schema: comercioRowSchema,
});
const passeios = defineCollection({
  loader: siteDataLoader('passeios', (d) => d.passeios.map((p) => ({ id: p.slug, data: p }))),
  schema: passeioRowSchema,
});
const slides = defineCollection({
  loader: siteDataLoader('slides', (d) => d.slides.map((s) => ({ id: s.id, data: s }))),
  schema: slideRowSchema,
});
const categories = defineCollection({
  loader: siteDataLoader('categories', (d) =>
    LISTING_KINDS.map((kind) => ({ id: kind, data: { names: d.categories[kind] } })),
  ),
  schema: z.object({ names: z.array(z.string()) }),
});
const settings = defineCollection({
  loader: siteDataLoader('settings', (d) => [{ id: 'site', data: d.settings }]),
  // Every setting, as read (site-data.ts gives a missing one its default).
  schema: z.object(
    Object.fromEntries(SETTING_KEYS.map((key) => [key, z.string()])) as Record<
      SettingKey,
      z.ZodString
    >,
  ),
});

/** The approved reviews (published_reviews), each listing's shown on its page. */
const reviews = defineCollection({
  loader: siteDataLoader('reviews', (d) => d.reviews.map((r) => ({ id: r.id, data: r }))),
  schema: publishedReviewRowSchema,
});

/** The data's version (site_version), which pages/site-build.json.ts records for the build. */
const version = defineCollection({
  loader: siteDataLoader('version', (d) => [{ id: 'site', data: { version: d.version } }]),
  schema: z.object({ version: z.number().int().nonnegative() }),
});

export const collections = {
  hospedagens,
  comercios,
  passeios,
  slides,
  categories,
  settings,
  version,
  reviews,
};
