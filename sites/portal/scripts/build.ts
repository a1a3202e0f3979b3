// The one interface through which the local stack, the bench and this package's tests build the
// site: the environment the build reads, and `astro build` apart from every other build of this
// checkout — once (buildSite), or again and again in one process kept warm (siteBuildProcess).
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

const PORTAL_DIR = join(import.meta.dirname, '..');
const ASTRO_BUILD = join(import.meta.dirname, 'astro-build.ts');

/** The addresses a build is made for. */
export type SiteEnv = {
  siteUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  apiUrl: string;
  imagesUrl: string;
};

/** Environment the site build reads (see .env.example). */
export function buildEnv(env: SiteEnv): Record<string, string> {
  return {
    SITE_URL: env.siteUrl,
    SUPABASE_URL: env.supabaseUrl,
    SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_SUPABASE_URL: env.supabaseUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: env.publishableKey,
    PUBLIC_API_URL: env.apiUrl,
    PUBLIC_IMAGES_URL: env.imagesUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/** A build's outcome: its whole output and, when it failed, why in one line. */
export type BuildResult = { ok: boolean; log: string; reason?: string };

/** The line astro-build.ts ends each build with. */
type ResultLine = { result: 'ok' | 'failed'; error?: string };

function resultLine(line: string): ResultLine | null {
  if (!line.startsWith('{"result":')) return null;
  try {
    return JSON.parse(line) as ResultLine;
  } catch {
    return null;
  }
}

/** How builds run besides their output directory and environment. */
export type BuildOptions = {
  /** Every line a build prints, as it prints it. */
  onLine?: (line: string) => void;
  /**
   * Astro's cache directory, kept from build to build (never shared by two builds at once): its
   * incremental build restores the listing pages that did not change from there
   * (astro.config.ts). Without it, each build gets an empty one and renders every page.
   */
  cacheDir?: string;
};

/**
 * One `astro build` of the public site into `outDir`, in a process of its own, apart from every
 * other build in this checkout (stacks, the bench). Its log's last line on success is
 * {"result":"ok","ms","maxRssKb"} (astro-build.ts).
 */
export async function buildSite(
  outDir: string,
  env: Record<string, string>,
  { onLine, cacheDir }: BuildOptions = {},
): Promise<BuildResult> {
  const builds = buildProcess(env, { onLine, cacheDir, name: basename(outDir) });
  try {
    return await builds.build(outDir);
  } finally {
    await builds.stop();
  }
}

/** Builds of one site, one at a time, in one process kept between them; `stop` ends it. */
export type SiteBuildProcess = {
  build(outDir: string): Promise<BuildResult>;
  stop(): Promise<void>;
};

/**
 * Builds with one environment and one cache directory (a stack's publisher) in a process started
 * at the first build and kept warm for the next. A process that dies fails the build it was
 * running; the next build starts a new one.
 */
export function siteBuildProcess(
  env: Record<string, string>,
  { onLine, cacheDir }: BuildOptions & { cacheDir: string },
): SiteBuildProcess {
  return buildProcess(env, { onLine, cacheDir, name: `warm-${basename(dirname(cacheDir))}` });
}

type BuildChild = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * astro-build.ts in a child process, fed one output directory per build, with a working directory
 * of its own inside the project (named after `name`). Astro writes a static build's prerender
 * chunks under <cwd>/.astro/ when outDir lies outside the working directory, and deletes them
 * when it finishes: concurrent builds in one checkout would delete each other's. Inside the
 * project, the chunks still resolve its node_modules.
 */
function buildProcess(
  env: Record<string, string>,
  { onLine, cacheDir, name }: BuildOptions & { name: string },
): SiteBuildProcess {
  let running: { child: BuildChild; exited: Promise<void> } | null = null;
  let current: { log: string; done: (result: BuildResult) => void } | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const finish = (result: BuildResult) => {
    const build = current;
    current = null;
    build?.done(result);
  };

  function start() {
    const workDir = join(PORTAL_DIR, '.astro', 'stack-builds', `${name}-${randomUUID()}`);
    mkdirSync(workDir, { recursive: true });
    const child: BuildChild = spawn(
      process.execPath,
      [ASTRO_BUILD, PORTAL_DIR, cacheDir ?? join(workDir, 'cache')],
      { cwd: workDir, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    // A process gone between two builds: the write fails here, and its 'close' fails the build.
    child.stdin.on('error', () => {});
    const read = (stream: Readable) =>
      createInterface({ input: stream }).on('line', (line) => {
        if (!current) return;
        current.log += `${line}\n`;
        if (onLine && line.trim()) onLine(line);
        const result = resultLine(line);
        if (result) {
          const { log } = current;
          finish(
            result.result === 'ok' ? { ok: true, log } : { ok: false, log, reason: result.error },
          );
        }
      });
    read(child.stdout);
    read(child.stderr);
    const exited = new Promise<void>((resolve) => {
      child.once('close', (code, signal) => {
        rmSync(workDir, { recursive: true, force: true });
        running = null;
        if (current) {
          const reason = `O processo de build terminou (${signal ?? `código ${code}`}).`;
          finish({ ok: false, log: `${current.log}\n${reason}`, reason });
        }
        resolve();
      });
    });
    child.on('error', () => {});
    return { child, exited };
  }

  let stopped = false;
  const buildOnce = (outDir: string) =>
    new Promise<BuildResult>((resolve) => {
      if (stopped) {
        const reason = 'Os builds deste site foram encerrados.';
        resolve({ ok: false, log: reason, reason });
        return;
      }
      running ??= start();
      current = { log: '', done: resolve };
      running.child.stdin.write(`${outDir}\n`);
    });

  return {
    build(outDir) {
      const next = queue.then(() => buildOnce(outDir));
      queue = next;
      return next;
    },
    /** Ends the process; a build still running fails (the publisher keeps the live site). */
    async stop() {
      stopped = true;
      const process = running;
      if (!process) return;
      process.child.kill();
      await process.exited;
    },
  };
}
