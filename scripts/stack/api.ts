// What `npm start` and `npm run dev` both run behind their origin: db/local, then the API worker
// in front of it, with the worker's Cron Trigger fired on its schedule.
import { join } from 'node:path';
import type { LocalSupabase } from '@guia-fortim/local-supabase';
import type { SiteEnv } from '@guia-fortim/portal/build';
import { assertPortFree, stackRegistry } from './addresses.ts';
import { startWorker, type WorkerRuntime } from './api-worker.ts';
import type { BuildsConfig } from './build-service.ts';
import { startDatabase } from './database.ts';
import { type StackPorts, stackEnv } from './stack-env.ts';
import { fireSweepOnSchedule } from './sweep-schedule.ts';
import type { RunningTurnstile } from './turnstile.ts';

export type ApiOptions = {
  /** Where db/local (unless in memory) and the worker's R2 persist. */
  dataDir: string;
  ports: StackPorts;
  /** In-memory database (tests). */
  memory?: boolean;
  reset?: boolean;
  /** Load the demo content and accounts into an empty database (default true). */
  seed?: boolean;
  /** Workers Builds as the worker reaches it: the local build service (startLocalBuilds). */
  builds: BuildsConfig;
  /**
   * The local Turnstile: Auth then asks for its CAPTCHA and the site renders its widget, with the
   * always-passing test keys, as production does with its own keys. Without it, CAPTCHA is off.
   */
  turnstile?: Pick<RunningTurnstile, 'origin' | 'siteverifyUrl'>;
  log?: (line: string) => void;
  workerRuntime?: WorkerRuntime;
  /** The worker takes each request's client from CF-Connecting-IP (see WorkerOptions). */
  edgeClients?: boolean;
};

export type Api = {
  supabase: LocalSupabase;
  worker: Awaited<ReturnType<typeof startWorker>>;
  /** The origins the site and the panel talk to. */
  env: SiteEnv;
  stop: () => Promise<void>;
};

/**
 * db/local and the worker under wrangler dev in front of it, for a site on ports.site built by the
 * local build service. `onDatabase` is called once the database answers, before the worker starts
 * (the stack begins the site's first build then).
 */
export async function startApi(
  options: ApiOptions,
  onDatabase?: (supabase: LocalSupabase) => void,
): Promise<Api> {
  const { dataDir, ports } = options;
  const log = options.log ?? (() => {});
  await assertPortFree(ports.supabase, 'Supabase local');
  await assertPortFree(ports.api, 'API (worker)');
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  log('Iniciando o Supabase local (banco, autenticação, REST)…');
  const { supabase, statsIngestKey, imageSweepKey, reviewKey } = await startDatabase({
    dataDir,
    port: ports.supabase,
    memory: options.memory,
    reset: options.reset,
    seed: options.seed,
    siteUrl,
    siteverifyUrl: options.turnstile?.siteverifyUrl,
  });
  try {
    onDatabase?.(supabase);
    log('Iniciando a API (worker no workerd)…');
    const worker = await startWorker({
      port: ports.api,
      persistDir: join(dataDir, 'wrangler'),
      registryDir: stackRegistry(dataDir),
      supabaseUrl: supabase.url,
      publishableKey: supabase.keys.publishableKey,
      siteUrl,
      builds: options.builds,
      statsIngestKey,
      imageSweepKey,
      reviewKey,
      runtime: options.workerRuntime ?? 'wrangler-dev',
      edgeClients: options.edgeClients,
      log,
    });
    const env = stackEnv(ports, supabase.keys.publishableKey, options.turnstile);
    const sweep = fireSweepOnSchedule(worker.url, log);
    return {
      supabase,
      worker,
      env,
      stop: async () => {
        clearInterval(sweep);
        await worker.stop().catch(() => {});
        await supabase.stop();
      },
    };
  } catch (error) {
    await supabase.stop().catch(() => {});
    throw error;
  }
}
