// The worker's bindings (the ones wrangler.jsonc declares are generated into
// worker-configuration.d.ts by `npm run types`), the variables and secrets each deployment gives
// it, and the per-request values the middleware sets.
import type { PageRenderer } from '@guia-fortim/domain';
import type { RequestIdVariables } from 'hono/request-id';

export type Bindings = Omit<Env, 'SITE_PAGES'> & {
  /**
   * The site Worker's PageRenderer (a service binding, wrangler.jsonc): renders the pages of the
   * listings a change touched (site-pages.ts). Typed as possibly absent: under wrangler dev it
   * answers only while the site Worker runs too, and a call may always fail.
   */
  SITE_PAGES?: Service<PageRenderer & Rpc.WorkerEntrypointBranded>;
  /** The Supabase project (its URL and publishable key), for reads and the caller's writes. */
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
  /**
   * The site's origin(s), comma-separated: the only ones CORS answers. The first is the site
   * itself, where the Cron Trigger's catch-up reads the live build's version (catch-up.ts).
   */
  ALLOWED_ORIGINS: string;
  /** Where the stored photos are served from. */
  PUBLIC_IMAGES_URL: string;
  /** The site Worker's deploy hook in Workers Builds (a secret: whoever has it may build). */
  DEPLOY_HOOK_URL: string;
  /** The Cloudflare account the site Worker builds in (the builds API's path). */
  CLOUDFLARE_ACCOUNT_ID: string;
  /** A token that may read Workers Builds (Workers CI Read), to follow each build (a secret). */
  BUILDS_API_TOKEN?: string;
  /** Legacy HS256 signing secret of the Supabase project; optional (`wrangler secret put`). */
  SUPABASE_JWT_SECRET?: string;
  /**
   * The ingest key of listing statistics (`wrangler secret put STATS_INGEST_KEY`), the one the
   * database holds the hash of (`npm run stats:key`). Without it POST /api/events answers 503.
   */
  STATS_INGEST_KEY?: string;
  /**
   * The photo sweep's key (a secret): the one the database holds the hash of, which lets the
   * Cron Trigger ask unreferenced_images and nothing else (`npm run deploy` sets both). Without it
   * the sweep moves no photo (each run logs 'image sweep failed').
   */
  IMAGE_SWEEP_KEY?: string;
  /**
   * The reviews' key (a secret): the one the database holds the hash of, without which it takes
   * no visitor's review or report, so none skips the per-address limit (routes/reviews.ts;
   * `npm run deploy` sets both). Without it the review routes answer 503.
   */
  REVIEW_KEY?: string;
  /**
   * Set (to `1`) by the local stack, never in production: the worker runs on this machine under
   * wrangler dev, not behind Cloudflare's edge, so CF-Connecting-IP is whatever a client sent and
   * every visitor is this machine (visitors.ts, clientAddress).
   */
  LOCAL_CLIENTS?: string;
  /** Test-only: the repeat window of POST /api/events in ms (default STATS_LIMITS.repeatWindowMs). */
  STATS_REPEAT_WINDOW_MS?: string;
  /** Test-only: objects per list call of the photo sweep (default 1000, R2's most; at least 2). */
  SWEEP_PAGE_SIZE?: string;
};

export type Caller = {
  /** The user id (the token's `sub`). */
  id: string;
  email: string | null;
  /** The verified access token, forwarded to Supabase so row-level security applies. */
  token: string;
  /** The caller's role in the panel, once a staff route's gate has asked the database. */
  role?: 'admin' | 'moderator';
};

export type AppEnv = {
  Bindings: Bindings;
  Variables: RequestIdVariables & { caller: Caller };
};
