// The worker's ingest key for listing statistics: the one credential that lets it add
// counts (record_listing_events), and nothing else. The database keeps only its SHA-256.
// `npm run stats:key` makes a new key, stores it with the service role and prints it for
// `wrangler secret put STATS_INGEST_KEY`; the local stack and the tests call setStatsIngestKey.
import { randomBytes } from 'node:crypto';

export function newStatsIngestKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Stores `key` as the ingest key through the API, with the service role's secret key. */
export function setStatsIngestKey(supabaseUrl: string, secretKey: string, key: string) {
  return setWorkerKey(supabaseUrl, secretKey, 'set_stats_ingest_key', key);
}

/**
 * The reviews' key (the worker's REVIEW_KEY): a visitor's review, edit or report is taken only
 * with it, so none skips the per-address limit by calling the database directly. Kept here, beside
 * the helper every key shares; `npm run deploy`, the local stack and the tests set it.
 */
export const newReviewKey = newStatsIngestKey;

/** Stores `key` as the reviews' key through the API, with the service role's secret key. */
export function setReviewKey(supabaseUrl: string, secretKey: string, key: string) {
  return setWorkerKey(supabaseUrl, secretKey, 'set_review_key', key);
}

/**
 * Stores one of the worker's keys (its hash only) through the operator's function `fn`
 * (set_stats_ingest_key, set_image_sweep_key, set_review_key), with the service role's secret key.
 */
export async function setWorkerKey(
  supabaseUrl: string,
  secretKey: string,
  fn: string,
  key: string,
): Promise<void> {
  const response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: secretKey,
      authorization: `Bearer ${secretKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_key: key }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(`${fn}: ${body?.message ?? `HTTP ${response.status}`}`);
  }
  await response.body?.cancel();
}

async function main(): Promise<number> {
  const url = process.env.SUPABASE_URL;
  const secretKey = process.env.SUPABASE_SECRET_KEY;
  if (!url || !secretKey) {
    console.error('Defina SUPABASE_URL e SUPABASE_SECRET_KEY (a chave secreta do projeto).');
    return 2;
  }
  const key = newStatsIngestKey();
  try {
    await setStatsIngestKey(url, secretKey, key);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  console.log('Chave de eventos definida no banco. Entregue-a ao worker:');
  console.log(`  echo '${key}' | npx wrangler secret put STATS_INGEST_KEY`);
  return 0;
}

if (import.meta.main) process.exitCode = await main();
