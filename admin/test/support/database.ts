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

export type TestDatabaseWithOwner = TestDatabase & {
  /** One statement as the database's owner (past row-level security and grants): fixture rows no
   * API role may write, such as counts of past days. Returns its rows. */
  owner: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
};

// db/local in a child process, as startLocalSupabaseProcess starts it, that also runs the owner's
// statements it reads on stdin (one JSON line each) and answers on stdout.
const OWNER_SCRIPT = `
const { createInterface } = await import('node:readline');
const { startLocalSupabase } = await import('@guia-fortim/local-supabase');
const db = await startLocalSupabase({ port: 0, quiet: true, ...JSON.parse(process.argv[1]) });
const say = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
say({ url: db.url, publishableKey: db.keys.publishableKey, secretKey: db.keys.secretKey });
const stop = () => db.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const { id, sql, params } = JSON.parse(line);
  try {
    say({ id, rows: (await db.database.query(sql, params)).rows });
  } catch (error) {
    say({ id, error: String(error?.message ?? error) });
  }
});
lines.on('close', stop);
`;

/** startDatabase, with the owner's statements (`owner`). */
export async function startDatabaseWithOwner(): Promise<TestDatabaseWithOwner> {
  const { spawn } = await import('node:child_process');
  const { createInterface } = await import('node:readline');
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', OWNER_SCRIPT, JSON.stringify({ auth: { bcryptCost: 4 } })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const waiting = new Map<number, (answer: { rows?: unknown[]; error?: string }) => void>();
  const first = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`db/local saiu com o código ${code}`)));
  });
  const facts = JSON.parse(await first) as {
    url: string;
    publishableKey: string;
    secretKey: string;
  };
  lines.on('line', (line) => {
    let answer: { id?: number; rows?: unknown[]; error?: string };
    try {
      answer = JSON.parse(line);
    } catch {
      return;
    }
    if (answer.id === undefined) return;
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  let serial = 0;
  return {
    url: facts.url,
    publishableKey: facts.publishableKey,
    service: createClient(facts.url, facts.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
    owner: (sql, params = []) => {
      serial += 1;
      const id = serial;
      return new Promise((resolve, reject) => {
        waiting.set(id, (answer) =>
          answer.error === undefined
            ? resolve(answer.rows as Record<string, unknown>[])
            : reject(new Error(`${sql}: ${answer.error}`)),
        );
        child.stdin.write(`${JSON.stringify({ id, sql, params })}\n`);
      });
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
