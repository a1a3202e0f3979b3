// A leash for every process the stack starts: `node leash.ts <command> [args…]` runs the command
// in the leash's own process group and ends that whole group (the command and whatever it started:
// wrangler's workerd, esbuild, Miniflare's) as soon as the process that started the leash is
// gone, however it went — `kill -9` of `npm start` included, where no exit handler runs. Without
// it, wrangler, workerd and the site origin live on in groups of their own, still listening, and
// the next `npm start` finds its ports taken.
//
// The group is the leash's own (spawnLeashed and startServer start it detached), so ending it
// touches nothing else. Signals to the group (startServer's stop, a test's SIGKILL) reach the
// command as before; the leash waits for the command, ends what it left behind in the group, and
// exits as the command did.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

export const LEASH = import.meta.filename;

/** How often the leash looks for its parent: the delay before an orphaned group ends. */
const WATCH_MS = 200;

/** A command on a leash: the arguments that start it through this file with `node`. */
export function leashed(command: string, args: string[]): [string, string[]] {
  return [process.execPath, [LEASH, command, ...args]];
}

/** `spawn` of a command on a leash, in a process group of its own, its output piped. */
export function spawnLeashed(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): ChildProcessByStdio<null, Readable, Readable> {
  const [node, leashArgs] = leashed(command, args);
  return spawn(node, leashArgs, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** A process's group (field 5 of /proc/<pid>/stat, after the parenthesised name), or null. */
function groupOf(pid: number | 'self'): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

/** SIGKILL to every other process of the leash's group. */
function endTheRest(group: number): void {
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || groupOf(pid) !== group) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The process's parent (field 4 of /proc/<pid>/stat), or null once it is gone. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * Calls `gone` once any process this one descends from has ended: `npm start` runs the stack as
 * npm → sh → node, so `kill -9` of npm leaves the node process with a live parent (sh); what it
 * started must stop all the same.
 */
export function whenAncestorGone(gone: () => void): void {
  const ancestors: number[] = [];
  for (let pid = process.ppid; pid > 1 && ancestors.length < 64; ) {
    ancestors.push(pid);
    pid = parentOf(pid) ?? 0;
  }
  setInterval(() => {
    if (ancestors.some((pid, i) => parentOf(pid) === null || (i === 0 && process.ppid !== pid))) {
      gone();
    }
  }, WATCH_MS * 2).unref();
}

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('Uso: node leash.ts <comando> [argumentos…]');
    process.exit(2);
  }
  const group = groupOf('self') ?? process.pid;
  const parent = process.ppid;
  // Signals sent to the group reach the command too: the leash outlives them to clean up after it.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});
  const child = spawn(command, args, { stdio: 'inherit' });
  const watch = setInterval(() => {
    // Orphaned: the parent died and the leash was handed to init (or a subreaper).
    if (process.ppid !== parent) process.kill(-group, 'SIGKILL');
  }, WATCH_MS);
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    endTheRest(group);
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
