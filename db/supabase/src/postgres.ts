// Test utility: a throwaway PostgreSQL 15 cluster in a temporary directory, on a free 127.0.0.1
// port. initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.ts';

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export type StartedPostgres = {
  /** Connection string for the superuser `postgres` on database `postgres`. */
  url: string;
  port: number;
  stop(): Promise<void>;
};

const running = new Set<() => void>();
let exitHookInstalled = false;

function asClusterOwner(command: string, args: string[]): string[] {
  return process.getuid?.() === 0
    ? ['runuser', '-u', 'postgres', '--', join(POSTGRES_BIN, command), ...args]
    : [join(POSTGRES_BIN, command), ...args];
}

function run([command, ...args]: string[]): void {
  if (!command) throw new Error('comando vazio');
  execFileSync(command, args, { stdio: 'pipe' });
}

export async function startPostgres(): Promise<StartedPostgres> {
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
        'postgres',
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
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => stopNow(),
  };
}
