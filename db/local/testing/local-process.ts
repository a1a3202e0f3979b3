// db/local in a Node child process, for suites whose own globals are a browser's (happy-dom's URL
// and fetch), which db/local's file and database code cannot use. In memory, no demo seed unless
// asked; stopped by `stop()` or, should the test process die, when its stdin closes.
import type { LocalSupabaseOptions } from '../index.ts';
import { startChildScript } from './child-script.ts';

// The same child process for other servers the browser-globals suites start (the panel's worker):
// reachable through this package's `./process` export.
export { type ChildScript, startChildScript } from './child-script.ts';

export type LocalSupabaseProcess = {
  url: string;
  publishableKey: string;
  /** The service-role key: fixture rows past row-level security. */
  secretKey: string;
  stop: () => Promise<void>;
};

/** Options that cross the process boundary as JSON; `port` 0 (the default) picks a free one. */
export type LocalSupabaseProcessOptions = Pick<
  LocalSupabaseOptions,
  'port' | 'seed' | 'autoconfirm' | 'siteUrl' | 'allowedRedirects' | 'auth'
>;

// Imported by name: run from a package that depends on @guia-fortim/local-supabase (the test's own cwd).
const SCRIPT = `
const { startLocalSupabase } = await import('@guia-fortim/local-supabase');
const options = JSON.parse(process.argv[1]);
const db = await startLocalSupabase({ port: 0, quiet: true, ...options });
console.log(JSON.stringify({ url: db.url, publishableKey: db.keys.publishableKey, secretKey: db.keys.secretKey }));
const stop = () => db.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
`;

export async function startLocalSupabaseProcess(
  options: LocalSupabaseProcessOptions = {},
): Promise<LocalSupabaseProcess> {
  const { facts, stop } = await startChildScript<Omit<LocalSupabaseProcess, 'stop'>>(
    'db/local',
    SCRIPT,
    options,
  );
  return { ...facts, stop };
}
