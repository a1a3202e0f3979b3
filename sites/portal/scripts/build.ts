// The one interface through which the local stack, the bench and this package's tests build the
// site: the environment the build reads, and `astro build` apart from every other build of this
// checkout — once (buildSite), or again and again in one process kept warm (siteBuildProcess).
// The site Worker built beside it is scripts/worker-build.ts.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export { TURNSTILE_ORIGIN, TURNSTILE_PAGES } from '../src/lib/auth/turnstile-pages.ts';

const PORTAL_DIR = join(import.meta.dirname, '..');
const ASTRO_BUILD = join(import.meta.dirname, 'astro-build.ts');

/** The addresses a build is made for. */
export type SiteEnv = {
  siteUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  apiUrl: string;
  imagesUrl: string;
  /** Turnstile's widget on the account forms (Supabase Auth's CAPTCHA); without it, none. */
  turnstile?: { siteKey: string; origin: string };
};

/** Environment the site build reads (see .env.example). */
export function buildEnv(env: SiteEnv): Record<string, string> {
  return {
    ...(env.turnstile
      ? {
          PUBLIC_TURNSTILE_SITE_KEY: env.turnstile.siteKey,
          PUBLIC_TURNSTILE_ORIGIN: env.turnstile.origin,
        }
      : {}),
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

/** The line astro-build.ts ends each answer with. */
type ResultLine = { result: string; error?: string };

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

function buildProcess(
  env: Record<string, string>,
  { onLine, cacheDir, name }: BuildOptions & { name: string },
): SiteBuildProcess {
  const builder = answeringProcess(ASTRO_BUILD, env, {
    onLine,
    name,
    args: (workDir) => [cacheDir ?? join(workDir, 'cache')],
  });
  return {
    async build(outDir) {
      const { answer, log, ended } = await builder.ask(outDir);
      return answer?.result === 'ok'
        ? { ok: true, log }
        : { ok: false, log, reason: answer?.error ?? ended };
    },
    stop: builder.stop,
  };
}

type AnsweringChild = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * A script of this package in a child process that reads one request per line on stdin and ends
 * each answer with a {"result":…} line, with a working directory of its own inside the project
 * (named after `name`; the script's `args` may put files there). Astro writes a build's
 * prerender chunks under <cwd>/.astro/ when outDir lies outside the working directory, and
 * deletes them when it finishes: concurrent builds in one checkout would delete each other's.
 * Inside the project, the chunks still resolve its node_modules. A process that dies fails the
 * request it was answering; the next request starts a new one.
 */
function answeringProcess(
  script: string,
  env: Record<string, string>,
  options: { onLine?: (line: string) => void; name: string; args: (workDir: string) => string[] },
) {
  /** `ended`: why a request got no answer line (its process ended), in one line. */
  type Answer = { answer: ResultLine | null; log: string; ended?: string };
  let running: { child: AnsweringChild; exited: Promise<void> } | null = null;
  let current: { log: string; done: (answer: Answer) => void } | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const finish = (answer: ResultLine | null, ended?: string) => {
    const request = current;
    current = null;
    request?.done({ answer, log: request.log, ended });
  };

  function start() {
    const workDir = join(PORTAL_DIR, '.astro', 'stack-builds', `${options.name}-${randomUUID()}`);
    mkdirSync(workDir, { recursive: true });
    const child: AnsweringChild = spawn(
      process.execPath,
      [script, PORTAL_DIR, ...options.args(workDir)],
      { cwd: workDir, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    // A process gone between two requests: the write fails here, and its 'close' fails the request.
    child.stdin.on('error', () => {});
    const read = (stream: Readable) =>
      createInterface({ input: stream }).on('line', (line) => {
        if (!current) return;
        current.log += `${line}\n`;
        if (options.onLine && line.trim()) options.onLine(line);
        const answer = resultLine(line);
        if (answer) finish(answer);
      });
    read(child.stdout);
    read(child.stderr);
    const exited = new Promise<void>((resolve) => {
      child.once('close', (code, signal) => {
        rmSync(workDir, { recursive: true, force: true });
        running = null;
        if (current) {
          const ended = `O processo de build terminou (${signal ?? `código ${code}`}).`;
          current.log += `\n${ended}`;
          finish(null, ended);
        }
        resolve();
      });
    });
    child.on('error', () => {});
    return { child, exited };
  }

  const askOnce = (request: string) =>
    new Promise<Answer>((resolve) => {
      if (stopped) {
        const ended = 'Os builds deste site foram encerrados.';
        resolve({ answer: null, log: ended, ended });
        return;
      }
      running ??= start();
      current = { log: '', done: resolve };
      running.child.stdin.write(`${request}\n`);
    });

  return {
    /** One request, after the ones before it. */
    ask(request: string): Promise<Answer> {
      const next = queue.then(() => askOnce(request));
      queue = next;
      return next;
    },
    /** Ends the process; a request still running fails (the publisher keeps the live site). */
    async stop() {
      stopped = true;
      const alive = running;
      if (!alive) return;
      alive.child.kill();
      await alive.exited;
    },
  };
}
