// The site Worker (wrangler.jsonc "main", built by scripts/worker-build.ts). Visitors get the
// static build (env.ASSETS) as before, except the few addresses a save may render again
// (lib/publish-plan.ts): for those, a page this Worker rendered after a save and stored in R2
// (PAGES) is served while it shows a newer data version than the static build (site-build.json),
// with the headers the static build gives that address (_headers: CSP, security headers).
//
// PageRenderer (a named entrypoint; the API worker calls it through a service binding after a
// save) renders the pages that show the changed listings with the same Astro pages as the static
// build (Astro's App, from the data read once, as the anonymous visitor) and stores them under
// this code's SITE_CODE, each with the data version it shows. A Worker of other code never
// serves them: the key starts with its own code.

import { WorkerEntrypoint } from 'cloudflare:workers';
import type {
  Fetcher,
  R2Bucket,
  R2Conditional,
  Request as WorkerRequest,
  Response as WorkerResponse,
} from '@cloudflare/workers-types';
import {
  LISTING_KINDS,
  type ListingPagesChange,
  type RenderedPages,
  type PageRenderer as Renderer,
  SITE_BUILD_PATH,
  type SiteBuild,
  SLUG_PATTERN,
} from '@guia-fortim/domain';
import { createApp } from 'astro/app/entrypoint';
import { isListingPage, isRenderedPath, pagesOfListings } from './lib/publish-plan.ts';
import { readSiteData, type SiteData } from './lib/site-data.ts';
import { supabaseConfig } from './lib/supabase-config.ts';

/** The site's code (sources and build environment), baked in by scripts/worker-build.ts. */
declare const __SITE_CODE__: string;
const SITE_CODE: string = __SITE_CODE__;

export type Env = {
  ASSETS: Fetcher;
  PAGES: R2Bucket;
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
};

/** A stored page's metadata: the data version it shows; `gone` for a listing no longer there. */
type Stored = { version: string; gone?: '1' };

/** The file a static build writes for a page (build.format 'file', clean URLs). */
const fileOf = (path: string) =>
  path === '/' ? 'index.html' : /\.\w+$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;

const keyOf = (path: string) => `${SITE_CODE}/${fileOf(path)}`;

/** An address no build has: the assets answer it with the site's 404 page. */
const NOT_FOUND_PROBE = '/.site-worker/gone';

// ---------------------------------------------------------------------------------------------
// Serving

/** The static build's version, read once per isolate (a deploy is a new isolate). */
let buildVersion: Promise<number> | undefined;

function staticVersion(env: Env, origin: string): Promise<number> {
  buildVersion ??= (async () => {
    const response = await env.ASSETS.fetch(new URL(SITE_BUILD_PATH, origin).href);
    if (!response.ok) throw new Error(`${SITE_BUILD_PATH}: ${response.status}`);
    return ((await response.json()) as SiteBuild).version;
  })();
  // A failed read is tried again by the next request.
  buildVersion.catch(() => {
    buildVersion = undefined;
  });
  return buildVersion;
}

/** The asset response's headers for a stored body (its own length and validators dropped). */
function headersOf(asset: WorkerResponse, stored: { httpEtag: string }): Headers {
  const headers = new Headers(asset.headers as unknown as Headers);
  headers.delete('content-length');
  headers.delete('etag');
  headers.delete('last-modified');
  headers.set('etag', stored.httpEtag);
  return headers;
}

/** The request without what makes the assets answer 304 or a part: the whole page is needed. */
function unconditional(request: WorkerRequest): WorkerRequest {
  const headers = new Headers(request.headers as unknown as Headers);
  for (const name of ['if-none-match', 'if-modified-since', 'if-range', 'range']) {
    headers.delete(name);
  }
  return new Request(request.url, {
    method: request.method,
    headers,
  }) as unknown as WorkerRequest;
}

async function serve(request: WorkerRequest, env: Env): Promise<WorkerResponse> {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return env.ASSETS.fetch(request);
  }
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isRenderedPath(path)) {
    return env.ASSETS.fetch(request);
  }
  // The stored page is read without a body first: most requests get the build's page, and a
  // failed read (R2 or the build's version) must not cost the visitor the page: the build's.
  const [head, version] = await Promise.all([
    env.PAGES.head(keyOf(path)).catch(() => null),
    staticVersion(env, url.origin).catch(() => Number.POSITIVE_INFINITY),
  ]);
  const storedVersion = Number((head?.customMetadata as Stored | undefined)?.version);
  if (!head || !(storedVersion > version)) return env.ASSETS.fetch(request);
  // The build's answer for this address, whole: a redirect (a trailing slash) stays one, and a
  // browser's validators must not turn the build's page into a 304 for the stored one.
  const asset = await env.ASSETS.fetch(unconditional(request));
  if (asset.status >= 300 && asset.status < 400) return asset;
  await asset.body?.cancel();
  if (request.headers.get('if-none-match') === head.httpEtag && !head.customMetadata?.gone) {
    return new Response(null, {
      status: 304,
      headers: headersOf(asset, head),
    }) as unknown as WorkerResponse;
  }
  const stored = await env.PAGES.get(keyOf(path)).catch(() => null);
  // Replaced meanwhile (by a newer render: still newer than the build), or unreadable now.
  if (!stored || !(Number((stored.customMetadata as Stored | undefined)?.version) > version)) {
    await stored?.body.cancel();
    return env.ASSETS.fetch(request);
  }
  if ((stored.customMetadata as Stored).gone) {
    await stored.body.cancel();
    // The site's 404 page, as the static build answers an address it does not have.
    const missing = await env.ASSETS.fetch(new URL(NOT_FOUND_PROBE, url.origin).href);
    const headers = new Headers(missing.headers as unknown as Headers);
    headers.delete('content-length');
    headers.delete('etag');
    const body = await missing.arrayBuffer();
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 404,
      headers,
    }) as unknown as WorkerResponse;
  }
  const headers = headersOf(asset, stored);
  if (stored.httpMetadata?.contentType)
    headers.set('content-type', stored.httpMetadata.contentType);
  if (request.method === 'HEAD') await stored.body.cancel();
  return new Response(request.method === 'HEAD' ? null : (stored.body as unknown as BodyInit), {
    status: 200,
    headers,
  }) as unknown as WorkerResponse;
}

export default {
  fetch(request: WorkerRequest, env: Env): Promise<WorkerResponse> {
    return serve(request, env);
  },
};

// ---------------------------------------------------------------------------------------------
// Rendering

// The whole page is read into a string anyway: no streaming.
const app = createApp({ streaming: false });

/**
 * Stores `body` at `key` unless a page of a newer version is stored there: the current object
 * is read, then written only if it is still that object (R2's conditional put on its etag, or on
 * there being none), and read again when another write came in between. An equal version may
 * replace it (the same data).
 */
async function storeUnlessNewer(
  bucket: R2Bucket,
  key: string,
  version: number,
  body: string,
  options: { contentType?: string; gone?: boolean },
): Promise<boolean> {
  const customMetadata: Stored = options.gone
    ? { version: String(version), gone: '1' }
    : { version: String(version) };
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await bucket.head(key);
    if (current && Number((current.customMetadata as Stored | undefined)?.version) > version) {
      return false;
    }
    // No object yet: only if there still is none (If-None-Match: *).
    const onlyIf: R2Conditional = current
      ? { etagMatches: current.etag }
      : { etagDoesNotMatch: '*' };
    const put = await bucket.put(key, body, {
      onlyIf,
      customMetadata,
      httpMetadata: options.contentType ? { contentType: options.contentType } : undefined,
    });
    if (put) return true;
  }
  throw new Error(`${key}: outra renderização escreveu ao mesmo tempo, repetidamente`);
}

export class PageRenderer extends WorkerEntrypoint<Env> implements Renderer {
  async renderListings(changes: ListingPagesChange[]): Promise<RenderedPages> {
    // Only what the API worker can name: known kinds and well-formed slugs (keys stay pages).
    for (const change of changes) {
      if (!(LISTING_KINDS as readonly string[]).includes(change.kind)) {
        throw new Error(`tipo de anúncio desconhecido: ${change.kind}`);
      }
      const bad = change.slugs.find((slug) => !SLUG_PATTERN.test(slug));
      if (bad !== undefined) throw new Error(`slug inválido: ${JSON.stringify(bad)}`);
    }
    const paths = pagesOfListings(changes);
    const siteData = await readSiteData(
      supabaseConfig({
        SUPABASE_URL: this.env.SUPABASE_URL,
        SUPABASE_PUBLISHABLE_KEY: this.env.SUPABASE_PUBLISHABLE_KEY,
      }),
    );
    // Every page settled before answering: none is still being written when the caller moves on.
    const rendered = await Promise.allSettled(paths.map((path) => this.renderOne(path, siteData)));
    for (const page of rendered) if (page.status === 'rejected') throw page.reason;
    return { version: siteData.version, paths };
  }

  private async renderOne(path: string, siteData: SiteData): Promise<void> {
    // The address the static build renders the page at (canonical links, Open Graph).
    const request = new Request(new URL(encodeURI(path), import.meta.env.SITE));
    const routeData = app.match(request);
    if (!routeData) throw new Error(`${path}: nenhuma página do site`);
    const response = await app.render(request, { routeData, locals: { siteData } });
    const body = await response.text();
    const key = keyOf(path);
    if (response.status === 404 && isListingPage(path)) {
      // A slug that names no listing now: its page answers as gone until the next build.
      await storeUnlessNewer(this.env.PAGES, key, siteData.version, '', { gone: true });
      return;
    }
    if (response.status !== 200) throw new Error(`${path}: resposta ${response.status}`);
    await storeUnlessNewer(this.env.PAGES, key, siteData.version, body, {
      contentType: response.headers.get('content-type') ?? undefined,
    });
  }
}
