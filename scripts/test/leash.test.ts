// Nothing the stack starts outlives it (stack/leash.ts): its parts, started in a process that is
// then killed with SIGKILL (no exit handler runs), free every port they listened on within
// seconds, and leave no process behind; and a leashed command that ends ends what it left in its
// process group; and the stack's own process stops when npm above it is killed.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { acceptsConnections } from '@guia-fortim/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { leashed } from '../stack/leash.ts';

const PARTS = join(import.meta.dirname, 'support', 'parts-process.ts');
/** From the SIGKILL to every port free and every process gone. */
const FREED_WITHIN_MS = 10_000;

const dirs: string[] = [];
/** Process groups the parts started: killed after the tests if anything outlived them. */
const groups: number[] = [];

afterAll(() => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const groupAlive = (group: number) => {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

/** The first line the process prints, parsed, or its whole output in the error. */
function firstLine<T>(child: ChildProcessByStdio<null, Readable, Readable>): Promise<T> {
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) =>
      reject(new Error(`saiu (${code}) antes de responder:\n${output}`)),
    );
  });
}

describe('the stack on a leash', () => {
  it('frees every port of its parts and leaves no process within seconds of a SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'leash-parts-'));
    dirs.push(dataDir);
    const parent = spawn(process.execPath, [PARTS, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = await firstLine<{ ports: number[]; groups: number[] }>(parent);
    groups.push(...started.groups);
    for (const port of started.ports) expect(await acceptsConnections(port), `${port}`).toBe(true);

    parent.kill('SIGKILL');
    const killed = Date.now();
    const left = async () => ({
      listening: (
        await Promise.all(
          started.ports.map(async (port) => ((await acceptsConnections(port)) ? [port] : [])),
        )
      ).flat(),
      groups: started.groups.filter(groupAlive),
    });
    let remaining = await left();
    while (
      (remaining.listening.length > 0 || remaining.groups.length > 0) &&
      Date.now() - killed < FREED_WITHIN_MS
    ) {
      await sleep(100);
      remaining = await left();
    }
    expect(remaining).toEqual({ listening: [], groups: [] });
  }, 240_000);

  it('stops when a process further up is killed, as npm is above `sh -c node start.ts`', async () => {
    // grandparent (killed) → sh (lives on, reparented; `; exit` keeps it from exec'ing node) →
    // node watching its ancestors.
    const watcher = `import(${JSON.stringify(join(import.meta.dirname, '..', 'stack', 'leash.ts'))}).then(({ whenAncestorGone }) => { console.log(process.pid); whenAncestorGone(() => process.exit(0)); setInterval(() => {}, 1000); })`;
    const grandparent = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn('sh', ['-c', ${JSON.stringify(`'${process.execPath}' -e "${watcher.replaceAll('"', '\\"')}"; exit $?`)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    groups.push(grandparent.pid as number);
    const watching = await firstLine<number>(grandparent);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(watching)).toBe(true);
    grandparent.kill('SIGKILL');
    const deadline = Date.now() + FREED_WITHIN_MS;
    while (alive(watching) && Date.now() < deadline) await sleep(50);
    expect(alive(watching)).toBe(false);
  });

  it('ends what the command left in its group and exits as the command did', async () => {
    // The command starts a sleep in the background (the same group) and exits with 3.
    const [node, args] = leashed('sh', ['-c', 'sleep 300 & echo $!; exit 3']);
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    groups.push(child.pid as number);
    const sleeper = await firstLine<number>(child);
    const code = await new Promise((resolve) =>
      child.once('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(3);
    const deadline = Date.now() + FREED_WITHIN_MS;
    while (groupAlive(child.pid as number) && Date.now() < deadline) await sleep(50);
    expect({ sleeper, group: groupAlive(child.pid as number) }).toEqual({ sleeper, group: false });
  });
});
