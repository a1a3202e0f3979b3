// One stack for the whole suite: db/local, a deploy hook and the worker under wrangler dev. The
// first account becomes the administrator through the worker's own /api/admin/grant (allowed
// while no administrator exists), as on a fresh install.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import {
  newReviewKey,
  newStatsIngestKey,
  setReviewKey,
  setStatsIngestKey,
} from '@guia-fortim/db/stats-key';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import type { TestProject } from 'vitest/node';
import { startDeployHook } from './support/hook.ts';
import { type SigningKey, signUp, startSupabase, startWorker } from './support/stack.ts';

export type Stack = {
  apiUrl: string;
  supabaseUrl: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  anonKey: string;
  signingKey: SigningKey;
  /** The worker's STATS_INGEST_KEY, the one the database holds (POST /api/events). */
  statsIngestKey: string;
  /** The worker's IMAGE_SWEEP_KEY, the one the database holds (the photo sweep's Cron Trigger). */
  imageSweepKey: string;
  /** The worker's REVIEW_KEY, the one the database holds (visitors' reviews and reports). */
  reviewKey: string;
  /** wrangler's local state (R2 objects live under v3/r2). */
  persistTo: string;
  /** wrangler's dev registry of the suite: a site Worker started with it is the worker's SITE_PAGES. */
  registryDir: string;
  /**
   * What the worker logs from its first answer on, line by line as it arrives (stdout and stderr,
   * each in its order): a test waits there for a line the worker writes after what it awaits.
   */
  logFile: string;
  admin: { id: string; email: string; password: string };
};

declare module 'vitest' {
  export interface ProvidedContext {
    stack: Stack;
  }
}

export const ADMIN = { email: 'admin@testes.local', password: 'senha-admin-123' };

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gf-api-test-'));
  const supabase = await startSupabase(dir);
  const hook = await startDeployHook();
  const persistTo = join(dir, 'wrangler');
  const registryDir = join(dir, 'registry');
  const logFile = join(dir, 'worker.log');
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const logReaders: Interface[] = [];
  const teardown = async () => {
    // DEBUG_WORKER=1 prints what workerd logged (one JSON line per request, with its id).
    if (process.env.DEBUG_WORKER) console.log(worker?.output());
    await worker?.stop();
    for (const reader of logReaders) reader.close();
    await hook.stop();
    await supabase.server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The listing statistics' ingest key, as an operator sets it (`npm run stats:key`).
    const statsIngestKey = newStatsIngestKey();
    await setStatsIngestKey(supabase.url, supabase.secretKey, statsIngestKey);
    // And the photo sweep's key, as `npm run deploy` sets it.
    const imageSweepKey = newImageSweepKey();
    await setImageSweepKey(supabase.url, supabase.secretKey, imageSweepKey);
    // And the reviews' key, as `npm run deploy` sets it.
    const reviewKey = newReviewKey();
    await setReviewKey(supabase.url, supabase.secretKey, reviewKey);
    worker = await startWorker({
      supabaseUrl: supabase.url,
      publishableKey: supabase.publishableKey,
      builds: hook.builds,
      persistTo,
      registryDir,
      // The legacy HS256 fallback is configured here (as on a project still using it).
      jwtSecret: supabase.jwtSecret,
      statsIngestKey,
      imageSweepKey,
      reviewKey,
    });
    // Whole lines only, so that stdout and stderr never cut into each other's.
    for (const stream of [worker.process.stdout, worker.process.stderr]) {
      if (!stream) continue;
      const reader = createInterface({ input: stream });
      reader.on('line', (line) => appendFileSync(logFile, `${line}\n`));
      logReaders.push(reader);
    }
    const admin = await signUp(supabase.url, supabase.publishableKey, ADMIN.email, ADMIN.password);
    const grant = await fetch(`${worker.url}/api/admin/grant`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    if (grant.status !== 200) {
      throw new Error(`primeiro admin: ${grant.status} ${await grant.text()}\n${worker.output()}`);
    }
    project.provide('stack', {
      apiUrl: worker.url,
      supabaseUrl: supabase.url,
      publishableKey: supabase.publishableKey,
      secretKey: supabase.secretKey,
      jwtSecret: supabase.jwtSecret,
      anonKey: supabase.anonKey,
      signingKey: supabase.signingKey,
      statsIngestKey,
      imageSweepKey,
      reviewKey,
      persistTo,
      registryDir,
      logFile,
      admin: { id: admin.id, ...ADMIN },
    });
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
