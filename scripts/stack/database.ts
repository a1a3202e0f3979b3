// The stack's database: db/local in the data directory (or in memory), with the keys the worker
// holds — the statistics' ingest key, the photo sweep's and the reviews' — stored as an operator
// stores them.
import { join } from 'node:path';
import {
  newReviewKey,
  newStatsIngestKey,
  setReviewKey,
  setStatsIngestKey,
} from '@guia-fortim/db/stats-key';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import { type LocalSupabase, projectKeys, startLocalSupabase } from '@guia-fortim/local-supabase';
import { TEST_SECRETS } from './turnstile.ts';

type DatabaseOptions = {
  /** db/local persists under `<dataDir>/supabase` unless `memory`. */
  dataDir: string;
  port: number;
  /** In-memory database (tests). */
  memory?: boolean;
  reset?: boolean;
  /** Load the demo content and accounts into an empty database (default true). */
  seed?: boolean;
  /** Where Auth's e-mailed links lead. */
  siteUrl: string;
  /** The local Turnstile's siteverify: Auth then asks for its CAPTCHA. Without it, CAPTCHA is off. */
  siteverifyUrl?: string;
};

export type Database = {
  supabase: LocalSupabase;
  /** The keys whose hashes the database now holds, for the worker's secrets. */
  statsIngestKey: string;
  imageSweepKey: string;
  reviewKey: string;
};

/** db/local's directory in the stack's data directory (none for a database in memory). */
const supabaseDataDir = (options: { dataDir: string; memory?: boolean }) =>
  options.memory ? undefined : join(options.dataDir, 'supabase');

/** The publishable key the stack's Supabase will answer to (its data directory keeps it). */
export async function stackPublishableKey(options: {
  dataDir: string;
  memory?: boolean;
}): Promise<string> {
  return (await projectKeys({ dataDir: supabaseDataDir(options) })).publishableKey;
}

/**
 * Starts db/local and stores new keys for the worker: on every start, as an operator sets them
 * (`npm run stats:key`, `npm run deploy`), the database keeping their hashes and the worker
 * getting them as secrets.
 */
export async function startDatabase(options: DatabaseOptions): Promise<Database> {
  const supabase = await startLocalSupabase({
    port: options.port,
    dataDir: supabaseDataDir(options),
    reset: options.reset ?? false,
    seed: options.seed ?? true,
    siteUrl: options.siteUrl,
    quiet: !!options.memory,
    ...(options.siteverifyUrl
      ? { auth: { captcha: { secret: TEST_SECRETS.passes, verifyUrl: options.siteverifyUrl } } }
      : {}),
  });
  try {
    const statsIngestKey = newStatsIngestKey();
    await setStatsIngestKey(supabase.url, supabase.keys.secretKey, statsIngestKey);
    const imageSweepKey = newImageSweepKey();
    await setImageSweepKey(supabase.url, supabase.keys.secretKey, imageSweepKey);
    const reviewKey = newReviewKey();
    await setReviewKey(supabase.url, supabase.keys.secretKey, reviewKey);
    return { supabase, statsIngestKey, imageSweepKey, reviewKey };
  } catch (error) {
    await supabase.stop().catch(() => {});
    throw error;
  }
}
