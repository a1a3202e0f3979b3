// The publish state: what GET /api/publish answers (the worker's Publisher, which coalesces
// content changes into deploy-hook calls) and the panel's publish indicator reads.

/** Where the latest site rebuild stands. */
export type PublishPhase = 'idle' | 'requested' | 'building' | 'live' | 'failed';

/** The body of GET /api/publish. Times are ISO strings. */
export type PublishState = {
  state: PublishPhase;
  /** The latest content change that asked for a rebuild. */
  requestedAt: string | null;
  /** When the deploy hook was last called. */
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** Changes not yet included in a started build. */
  pending: boolean;
  hookCalls: number;
};

/**
 * How the site's build command writes its last line when the build fails, before the reason in
 * Portuguese: the worker reads it from the build's log (Cloudflare's builds API) for the panel.
 */
export const BUILD_FAILED_MARK = '✗ O build do site falhou: ';

/**
 * Where the site's static build records the data version it shows (sites/portal,
 * pages/site-build.json.ts): the site Worker serves a page it rendered after a save only while it
 * is newer than this, and the API worker's catch-up publish compares it with site_version().
 */
export const SITE_BUILD_PATH = '/site-build.json';

/** What that file holds. */
export type SiteBuild = { version: number };
