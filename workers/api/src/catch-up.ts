// The catch-up publish, one step of each Cron Trigger run (scheduled.ts). Some changes to what the
// site shows never pass through this worker, so nothing asks for a rebuild: an account deleted
// from the site (its approved reviews leave the data), a profile renamed (a reviewer's public
// name), an author deleting their own review straight through PostgREST. Each of them raises the
// data version (public.site_version()), and each build records the version it showed in the site's
// /site-build.json. So a run compares the two and, when the database is ahead and no build is on
// its way, asks the Publisher for one — the same request, coalescing and following as an admin's
// change. A build already requested or running is left to finish: the next run looks again.
import { SITE_BUILD_PATH, type SiteBuild } from '@guia-fortim/domain';
import type { Bindings } from './env.ts';
import { publisherStub } from './publisher.ts';

/** Neither read may hold the run for long: the next run asks again. */
const READ_TIMEOUT_MS = 10_000;

export type CatchUp = {
  /** `requested`: a build asked for; `current`: the live build is as new; `pending`: one is coming. */
  decision: 'requested' | 'current' | 'pending';
  database: number;
  live: number;
};

/**
 * The site's own origin: the first of ALLOWED_ORIGINS, which every deployment sets to it
 * (`npm run deploy` passes SITE_URL, the local stack its site's address).
 */
export function siteOrigin(env: Bindings): string {
  const first = env.ALLOWED_ORIGINS.split(',')[0]?.trim() ?? '';
  return new URL(first).origin;
}

/** The data version, read as a visitor reads it (the publishable key). */
async function databaseVersion(env: Bindings): Promise<number> {
  const response = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/rpc/site_version`, {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_PUBLISHABLE_KEY,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: '{}',
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`site_version (${response.status})`);
  return versionOf(await response.json(), 'site_version');
}

/**
 * The version the live build shows, from the site itself (never a cached copy). The site Worker
 * is on a Custom Domain, which a Worker may fetch within the same zone (a route it could not).
 */
async function liveVersion(env: Bindings): Promise<number> {
  const url = `${siteOrigin(env)}${SITE_BUILD_PATH}`;
  const response = await fetch(url, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  }).catch((err: unknown) => {
    throw new Error(`${url}: ${String(err)}`);
  });
  if (!response.ok) throw new Error(`${url} (${response.status})`);
  const body = (await response.json()) as Partial<Record<keyof SiteBuild, unknown>> | null;
  return versionOf(body?.version, url);
}

/** PostgREST answers a bigint as a number (a string only past 2^53, which no site reaches). */
function versionOf(value: unknown, source: string): number {
  const version = typeof value === 'string' ? Number(value) : value;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    throw new Error(`${source}: versão inválida (${JSON.stringify(value)})`);
  }
  return version;
}

/** One catch-up step: compares the versions and asks for a build when the site is behind. */
export async function catchUp(env: Bindings): Promise<CatchUp> {
  const [database, live] = await Promise.all([databaseVersion(env), liveVersion(env)]);
  if (database <= live) return { decision: 'current', database, live };
  const publisher = publisherStub(env);
  const state = await publisher.state();
  if (state.pending || state.state === 'requested' || state.state === 'building') {
    return { decision: 'pending', database, live };
  }
  await publisher.request();
  return { decision: 'requested', database, live };
}
