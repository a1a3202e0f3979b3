// A real db/local (the same migrations and row-level security as production, in memory, no demo
// seed) for the screen tests, in a child process (happy-dom's globals are a browser's).
import { startLocalSupabaseProcess } from '@guia-fortim/local-supabase/process';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export type TestDatabase = {
  url: string;
  publishableKey: string;
  /** supabase-js with the secret (service-role) key: fixture rows, bypassing row-level security. */
  service: SupabaseClient;
  stop: () => Promise<void>;
};

export async function startDatabase(): Promise<TestDatabase> {
  const db = await startLocalSupabaseProcess({ auth: { bcryptCost: 4 } });
  return {
    url: db.url,
    publishableKey: db.publishableKey,
    service: createClient(db.url, db.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
    stop: db.stop,
  };
}

/** Fails the test with the server's answer unless the call succeeded. */
export function ok<R extends { data: unknown; error: unknown; status?: number }>(
  answer: R,
  what: string,
): NonNullable<R['data']> {
  if (answer.error) throw new Error(`${what}: ${JSON.stringify(answer.error)}`);
  if (answer.status !== undefined && (answer.status < 200 || answer.status > 299)) {
    throw new Error(`${what}: HTTP ${answer.status}`);
  }
  return answer.data as NonNullable<R['data']>;
}
