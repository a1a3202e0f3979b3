import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { SITE_BUILD_PATH } from '@guia-fortim/domain';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { hydrationDirectives } from './src/directives/integration.ts';
import { FAVORITES_PATH } from './src/lib/favorites/path.ts';
import { LEGACY_REDIRECTS } from './src/lib/redirects.ts';
import { supabaseConfig } from './src/lib/supabase-config.ts';
import { OFFLINE_PATH } from './src/offline/config.ts';
import { serviceWorker } from './src/offline/integration.ts';
import { tagReactComponents } from './src/react-components.ts';
import { searchIndex } from './src/search/integration.ts';

// The browser talks to the same Supabase the build reads (account pages use the PUBLIC_ names).
try {
  const supabase = supabaseConfig();
  process.env.PUBLIC_SUPABASE_URL ??= supabase.url;
  process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ??= supabase.key;
} catch {
  // No data source configured: `astro check` still works; a build fails in the loader.
}

const redirectSources = new Set(Object.keys(LEGACY_REDIRECTS).map((path) => encodeURI(path)));
/** Pages kept out of search engines (the account pages and 'Meus favoritos' are marked noindex). */
const unlisted = (path: string) =>
  redirectSources.has(path) ||
  path.startsWith('/auth/') ||
  path === '/admin-setup' ||
  path === OFFLINE_PATH ||
  path === FAVORITES_PATH ||
  path === SITE_BUILD_PATH;

// Clean URLs without a trailing slash (`/hospedagem/pousada-x` is `hospedagem/pousada-x.html`),
// the shape Cloudflare Pages serves and the shape the listing dialogs push into the address bar.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://127.0.0.1:4321',
  trailingSlash: 'never',
  build: { format: 'file' },
  // A rebuild restores each listing page whose cacheKey (lib/content.ts listingPaths) and code are
  // unchanged from the copy the previous build kept in the cache directory, and renders the rest:
  // the changed listings and every page without a key (home, lists, data files, search). The
  // stack gives its builds one persistent cache directory (scripts/build.ts).
  experimental: { incrementalBuild: true },
  redirects: LEGACY_REDIRECTS,
  integrations: [
    react(),
    hydrationDirectives(),
    sitemap({
      filter: (page) => !unlisted(new URL(page).pathname),
    }),
    // In this order: the worker precaches the search index.
    searchIndex(),
    serviceWorker(),
  ],
  vite: {
    // Both builds, the static one and the site Worker's (scripts/worker-build.ts), so that they
    // number a page's islands alike (src/react-components.ts).
    plugins: [tailwindcss(), tagReactComponents()],
  },
});
