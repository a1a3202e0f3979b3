// A build script of this package (astro-build.ts, astro-worker-build.ts) in a process of its own,
// once, as Workers Builds runs `npm run build:site`: a fresh process per build. Its working
// directory is its own, inside the project: Astro writes a build's prerender chunks under
// <cwd>/.astro/ when outDir lies outside it and deletes them when it finishes, so concurrent
// builds of one checkout would delete each other's; inside the project the chunks still resolve
// its node_modules. The script ends its output with one {"result":…} line: "ok", or "failed" with
// why in one line (failure.ts). Its stdin stays open while this process lives: when the stack
// ends, even by `kill -9`, the script sees its stdin close and ends with it.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const PORTAL_DIR = join(import.meta.dirname, '..');

/** The line a build script ends with. */
export type ResultLine = { result: string; error?: string; ms?: number; maxRssKb?: number };

export type ScriptRun = {
  /** The result line, or null when the process ended without one. */
  answer: ResultLine | null;
  /** Everything it printed. */
  log: string;
  /** Why it gave no result line (its process ended), in one line. */
  ended?: string;
};

/**
 * Runs `script` with `args(workDir)` after the site's root, in the environment `env` on top of
 * this process's; every line it prints goes to `onLine`.
 */
export function runBuildScript(
  script: string,
  options: {
    name: string;
    env: Record<string, string>;
    args: (workDir: string) => string[];
    onLine?: (line: string) => void;
    /** After a build that answered "ok", before its working directory goes: take its output. */
    take?: (workDir: string) => void;
  },
): Promise<ScriptRun> {
  const workDir = join(PORTAL_DIR, '.astro', 'builds', `${options.name}-${randomUUID()}`);
  mkdirSync(workDir, { recursive: true });
  return new Promise<ScriptRun>((resolve) => {
    const child = spawn(process.execPath, [script, PORTAL_DIR, ...options.args(workDir)], {
      cwd: workDir,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.on('error', () => {});
    let log = '';
    let answer: ResultLine | null = null;
    const read = (stream: NodeJS.ReadableStream) =>
      createInterface({ input: stream }).on('line', (line) => {
        log += `${line}\n`;
        if (options.onLine && line.trim()) options.onLine(line);
        if (!line.startsWith('{"result":')) return;
        try {
          answer = JSON.parse(line) as ResultLine;
        } catch {}
      });
    read(child.stdout);
    read(child.stderr);
    const done = (ended?: string) => {
      try {
        if ((answer as ResultLine | null)?.result === 'ok') options.take?.(workDir);
      } catch (error) {
        answer = { result: 'failed', error: `a saída do build não pôde ser usada: ${error}` };
      }
      rmSync(workDir, { recursive: true, force: true });
      resolve(answer || !ended ? { answer, log } : { answer, log: `${log}\n${ended}`, ended });
    };
    child.once('error', (error) => done(`O processo de build não começou: ${error.message}`));
    child.once('close', (code, signal) =>
      done(answer ? undefined : `O processo de build terminou (${signal ?? `código ${code}`}).`),
    );
  });
}

/**
 * In a build script: ends it when the process that started it is gone (its stdin closes), without
 * keeping it alive once its build is done.
 */
export function endWithParent(): void {
  process.stdin.on('data', () => {});
  process.stdin.once('end', () => process.exit(0));
  (process.stdin as NodeJS.ReadStream & { unref?: () => void }).unref?.();
}
