// db/local in a Node child process, for suites whose own globals are a browser's (happy-dom's URL
// and fetch), which db/local's file and database code cannot use. In memory, no demo seed unless
// asked; stopped by `stop()` or, should the test process die, when its stdin closes.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LocalSupabaseOptions } from '../index.ts';

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
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', SCRIPT, JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`db/local saiu com o código ${code}`)));
  });
  const facts = JSON.parse(first) as Omit<LocalSupabaseProcess, 'stop'>;
  return {
    ...facts,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
