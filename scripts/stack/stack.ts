// Brings up the whole local portal: db/local (Supabase stand-in), the worker under wrangler dev,
// the admin panel build, the public site build (with the panel inside) behind the publisher, the
// one origin serving it (the site Worker as production deploys it, see site-worker.ts), the local Workers
// Builds (build-service.ts), whose deploy hook the worker calls and whose builds it follows, and
// the local Turnstile (turnstile.ts), with which Auth's CAPTCHA is on as in production. Used by
// `npm start` and by the browser suites.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalSupabase } from '@guia-fortim/local-supabase';
import { WORKER_DIR } from '@guia-fortim/portal/worker-build';
import { assertPortFree, stackRegistry } from './addresses.ts';
import { type Api, startApi } from './api.ts';
import { stackPublishableKey } from './database.ts';
import { drawDemoPhotos } from './demo-photo-cache.ts';
import { startLocalBuilds } from './local-builds.ts';
import { addPanel, panelBuild, panelConfig } from './panel.ts';
import { siteBuilder } from './site-build.ts';
import { SiteBuilder } from './site-builder.ts';
import { startOrigin } from './site-origin.ts';
import { stackEnv } from './stack-env.ts';
import { startTurnstile } from './turnstile.ts';

export type StackOptions = {
  /** Where everything persists (database, keys, R2, builds). */
  dataDir: string;
  /** In-memory database (tests); the data directory still holds builds and R2. */
  memory?: boolean;
  reset?: boolean;
  /** Load the demo content and accounts into an empty database (default true). */
  seed?: boolean;
  /** The local Turnstile's port: a free one unless given (a restart keeps the built site's). */
  ports: { site: number; supabase: number; api: number; turnstile?: number };
  /** Progress lines for people waiting. */
  log?: (line: string) => void;
  /** Every line the builds print (verbose). */
  buildOutput?: (line: string) => void;
  /** The worker takes each request's client from CF-Connecting-IP (the benchmark; api-worker.ts). */
  edgeClients?: boolean;
};

export type Stack = {
  siteUrl: string;
  supabaseUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  publishableKey: string;
  /** Secret: whoever has it may start a build (as production's deploy hook URL). */
  deployHookUrl: string;
  /** The local Turnstile, in place of https://challenges.cloudflare.com. */
  turnstileUrl: string;
  supabase: LocalSupabase;
  publisher: SiteBuilder;
  stop: () => Promise<void>;
};

export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? (() => {});
  const { dataDir, ports } = options;
  await assertPortFree(ports.site, 'site e painel');
  if (ports.turnstile) await assertPortFree(ports.turnstile, 'Turnstile local');
  if (options.reset) {
    for (const part of ['wrangler', 'site']) {
      rmSync(join(dataDir, part), { recursive: true, force: true });
    }
  }
  mkdirSync(dataDir, { recursive: true });

  const stops: (() => Promise<unknown>)[] = [];
  // Parts that start beside others (each lists its stop in stops once started): a failed start
  // waits for them before stopping everything.
  let starting: Promise<Api> | undefined;
  let serving: Promise<void> | undefined;
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    const seed = options.seed ?? true;
    // Drawn once into a cache, while the services start; the seed refers to them.
    const photos = seed ? drawDemoPhotos() : Promise.resolve();
    photos.catch(() => {});
    // The panel carries no configuration (it reads /admin/config.json): one build, cached by its
    // sources, serves every stack, so it can start before the services it will talk to.
    const panelReady = panelBuild(options.buildOutput);
    panelReady.catch(() => {});
    // Workers Builds on a port of its own: the worker calls its deploy hook and reads each
    // build's status from its builds API, as in production.
    const builds = await startLocalBuilds();
    stops.push(() => builds.stop());
    // Its origin is built into the site (script and policy), so it starts before the build.
    const turnstile = await startTurnstile(ports.turnstile);
    stops.push(() => turnstile.stop());
    // Every address the site and the panel carry is known before any service answers, so the site
    // is made ready while the database and the worker start: on a restart the origin starts
    // beside them; on an empty data directory the first build starts once the database answers.
    const env = stackEnv(ports, await stackPublishableKey(options), turnstile);
    let databaseAnswers = () => {};
    const databaseUp = new Promise<void>((resolve) => {
      databaseAnswers = resolve;
    });
    starting = startApi(
      {
        dataDir,
        ports,
        memory: options.memory,
        reset: options.reset,
        seed,
        builds,
        edgeClients: options.edgeClients,
        turnstile,
        log,
      },
      () => databaseAnswers(),
    );
    starting.then(
      (api) => stops.push(() => api.stop()),
      () => {},
    );

    const panel = await panelReady;
    if (!panel.ok) throw new Error(`O build do painel falhou:\n${tail(panel.log)}`);
    log(
      panel.cached ? 'Painel administrativo: build em cache.' : 'Painel administrativo construído.',
    );
    await photos;
    // Each build carries the panel and its config.json, as the assets `npm run build:site` writes.
    const admin = { dir: panel.dir, config: panelConfig(env) };
    // The SiteBuilder runs one build at a time, so its builds can share Astro's cache: a publish
    // renders the listings that changed and restores the others from the previous build. Before
    // that build, a listing's save is live by the site Worker's own render of the pages that show
    // it (the API worker asks for it).
    const siteBuilds = siteBuilder(env, {
      onLine: options.buildOutput,
      demoPhotos: seed,
      panel: admin,
      cacheDir: join(dataDir, 'site', 'astro-cache'),
    });
    // Started once a build is live; from then on a build is live when the origin serves it.
    let origin: Awaited<ReturnType<typeof startOrigin>> | undefined;
    const publisher = new SiteBuilder(join(dataDir, 'site'), siteBuilds.build, {
      served: async (dir) => origin?.serving(dir),
    });
    builds.attach(publisher);
    const serve = async (beforeBuild?: AbortSignal) => {
      origin = await startOrigin(join(dataDir, 'site'), ports.site, {
        persistDir: join(dataDir, 'site', 'worker-state'),
        registryDir: stackRegistry(dataDir),
        ...(beforeBuild ? { beforeBuild } : {}),
      });
      const started = origin;
      stops.push(() => started.stop());
    };
    // A build from before the site Worker was built with its assets cannot be served: the
    // first build of this run is awaited instead.
    const lastLive = ((dir) =>
      dir && existsSync(join(dir, WORKER_DIR, 'wrangler.json')) ? dir : null)(publisher.liveDir());
    if (lastLive) {
      // A restart: visitors get the last live build at once (with this run's panel and its
      // addresses), served while the database and the worker start.
      addPanel(lastLive, admin);
      serving = serve();
      serving.catch(() => {});
    }

    // An empty data directory: the origin loads while the first build runs, and answers once
    // that build is live.
    const firstBuildFailed = new AbortController();
    if (!lastLive) {
      databaseUp.then(() => {
        log('Construindo o site público com os dados do banco…');
        publisher.request();
      });
      serving = serve(firstBuildFailed.signal);
      serving.catch(() => {});
    }
    const { supabase, worker } = await starting;

    if (lastLive) {
      await serving;
      // The rebuild from the current data and code swaps in when it succeeds (and leaves the
      // last build live when it fails); asked for once the portal answers, so that its start
      // does not share the machine with a build.
      publisher.request();
      log('Servindo a última versão publicada; reconstruindo o site em segundo plano…');
      publisher.idle().then(() => {
        if (publisher.status().state === 'failed') {
          const buildLog = publisher.lastLog();
          log(`A reconstrução falhou; a versão anterior continua no ar:\n${tail(buildLog)}`);
        } else log('Site público reconstruído com os dados atuais.');
      });
    } else {
      await publisher.idle();
      if (!publisher.liveDir()) {
        firstBuildFailed.abort();
        throw new Error(`O build do site falhou:\n${tail(publisher.lastLog())}`);
      }
      await serving;
    }

    const stack: Stack = {
      siteUrl: env.siteUrl,
      supabaseUrl: supabase.url,
      apiUrl: worker.url,
      mailboxUrl: supabase.mailboxUrl,
      publishableKey: supabase.keys.publishableKey,
      deployHookUrl: builds.hookUrl,
      turnstileUrl: turnstile.origin,
      supabase,
      publisher,
      stop: async () => {
        await publisher.idle();
        await stop();
      },
    };
    writeStackFile(dataDir, stack);
    return stack;
  } catch (error) {
    await Promise.allSettled([starting, serving]);
    await stop();
    throw error;
  }
}

function tail(buildLog: string | null): string {
  return (buildLog ?? '').slice(-4000);
}

/** Public facts about the running stack for tools and tests (no secrets). */
function writeStackFile(dataDir: string, stack: Stack) {
  const file = join(dataDir, 'stack.json');
  const facts = {
    supabaseUrl: stack.supabaseUrl,
    publishableKey: stack.publishableKey,
    anonKey: stack.supabase.keys.anonKey,
    jwksUrl: stack.supabase.keys.jwksUrl,
    mailboxUrl: stack.mailboxUrl,
    siteUrl: stack.siteUrl,
    adminUrl: `${stack.siteUrl}/admin/`,
    apiUrl: stack.apiUrl,
    turnstileUrl: stack.turnstileUrl,
  };
  writeFileSync(file, `${JSON.stringify(facts, null, 2)}\n`);
  // The hook's address is a secret: a file only this user reads (tests against `npm start`).
  writeFileSync(
    join(dataDir, 'deploy-hook.json'),
    `${JSON.stringify({ url: stack.deployHookUrl })}\n`,
    {
      mode: 0o600,
    },
  );
}
