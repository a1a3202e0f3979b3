// Cloudflare Workers Builds, as the Publisher uses it: a deploy hook starts a build of the site
// Worker and answers its `build_uuid`; the builds API, with a read-only token, tells that build's
// status and, when it failed, its log. Documented shapes (the local stand-in,
// scripts/stack/build-service.ts, speaks the same):
//   POST {DEPLOY_HOOK_URL} → { success, result: { build_uuid, status, already_exists } }
//   GET  {CLOUDFLARE_API_URL}/accounts/{account}/builds/builds/{uuid}
//        → { success, result: { status: queued|initializing|running|stopped, build_outcome } }
//   GET  …/builds/{uuid}/logs → { success, result: { lines: [[timestamp, text], …] } }
import { BUILD_FAILED_MARK } from '@guia-fortim/domain';
import type { Bindings } from './env.ts';
import { HOOK_TIMEOUT_MS } from './publish-timing.ts';

export type BuildStatus =
  | { done: false }
  | { done: true; ok: true }
  | { done: true; ok: false; outcome: string };

type Envelope<T> = { success?: boolean; result?: T | null };

const RUNNING = new Set(['queued', 'initializing', 'running']);
/** The builds API refused BUILDS_API_TOKEN (revoked, or without Workers CI Read). */
const TOKEN_REFUSED = 'token_refused';
/** Skipped: a newer build of the same hook made it redundant; that one carries the changes. */
const SUCCEEDED = new Set(['success', 'skipped']);

async function readJson<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

/** Calls the deploy hook: the new (or already queued) build's uuid, or why it could not. */
export async function triggerBuild(env: Bindings): Promise<{ uuid: string } | { error: string }> {
  let response: Response;
  try {
    response = await fetch(env.DEPLOY_HOOK_URL, {
      method: 'POST',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
  } catch {
    return { error: 'O gancho de publicação não respondeu.' };
  }
  const body = await readJson<{ build_uuid?: string }>(response);
  const uuid = body?.result?.build_uuid;
  if (!response.ok || !body?.success || typeof uuid !== 'string') {
    return { error: `O gancho de publicação respondeu ${response.status}.` };
  }
  return { uuid };
}

function buildUrl(env: Bindings, uuid: string, suffix = ''): string {
  const base = env.CLOUDFLARE_API_URL.replace(/\/+$/, '');
  return `${base}/accounts/${encodeURIComponent(env.CLOUDFLARE_ACCOUNT_ID)}/builds/builds/${encodeURIComponent(uuid)}${suffix}`;
}

function apiFetch(env: Bindings, url: string): Promise<Response> {
  return fetch(url, {
    headers: { Authorization: `Bearer ${env.BUILDS_API_TOKEN ?? ''}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
  });
}

/** Where a build stands; null when the API could not say (try again later). */
export async function buildStatus(env: Bindings, uuid: string): Promise<BuildStatus | null> {
  try {
    const response = await apiFetch(env, buildUrl(env, uuid));
    // A refused token will not be accepted by waiting: the build's end cannot be known.
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return { done: true, ok: false, outcome: TOKEN_REFUSED };
    }
    const body = await readJson<{ status?: string; build_outcome?: string | null }>(response);
    const result = body?.result;
    if (!response.ok || !result || typeof result.status !== 'string') return null;
    if (RUNNING.has(result.status)) return { done: false };
    if (result.status !== 'stopped') return null;
    const outcome = result.build_outcome ?? 'fail';
    return SUCCEEDED.has(outcome) ? { done: true, ok: true } : { done: true, ok: false, outcome };
  } catch {
    return null;
  }
}

/**
 * Why a build failed, in one line for the panel: what the site's build command wrote after
 * BUILD_FAILED_MARK, else the log's last line.
 */
export async function failureReason(env: Bindings, uuid: string, outcome: string): Promise<string> {
  if (outcome === TOKEN_REFUSED) {
    return 'O Cloudflare recusou o token de leitura dos builds (BUILDS_API_TOKEN): não é possível acompanhar a publicação.';
  }
  const fallback =
    outcome === 'cancelled' || outcome === 'terminated'
      ? 'A publicação foi interrompida.'
      : 'A publicação falhou.';
  try {
    const response = await apiFetch(env, buildUrl(env, uuid, '/logs'));
    const body = await readJson<{ lines?: unknown[] }>(response);
    const lines = (body?.result?.lines ?? [])
      .map((line) => (Array.isArray(line) ? String(line[1] ?? '') : String(line)))
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const marked = lines.findLast((line) => line.startsWith(BUILD_FAILED_MARK));
    const reason = marked ? marked.slice(BUILD_FAILED_MARK.length) : lines.at(-1);
    return reason ? reason.slice(0, 500) : fallback;
  } catch {
    return fallback;
  }
}
