// The data version this build shows (public.site_version(), read before the data): the site
// Worker (src/worker.ts) serves a page it rendered after a save only while that page is of a newer
// version than the build's. Not a page: out of the sitemap (astro.config.ts), the search index
// and the service worker's precache.
import type { SiteBuild } from '@guia-fortim/domain';
import type { APIRoute } from 'astro';
import { dataVersion } from '../lib/content.ts';

export const GET: APIRoute = async () => {
  const build: SiteBuild = { version: await dataVersion() };
  return new Response(JSON.stringify(build), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
