// The worker's Cron Trigger (wrangler.jsonc, `triggers.crons`): each run is one bounded step of
// the photo sweep (images/sweep.ts), from where the previous run stopped, and the catch-up publish
// (catch-up.ts), side by side: neither waits for the other, and one failing never stops the other.
// It runs whether or not anyone edits, with the sweep's own key (IMAGE_SWEEP_KEY) and the
// publishable key, never an admin's token.
//
// The resume point lives in a Durable Object (SweepCursor) rather than in an object of the
// bucket: its storage is strongly consistent and outlives every isolate, and it is private — the
// photos' bucket is public on its custom domain, where a state object would publish the key of
// the last photo decided (perhaps an unsaved upload's unguessable address), and it would sit among
// the photos in every copy of the bucket (README, "Backups and restore").
import { DurableObject } from 'cloudflare:workers';
import { catchUp } from './catch-up.ts';
import type { Bindings } from './env.ts';
import { START, type SweepPosition, sweepLimits, sweepStep } from './images/sweep.ts';

/** The sweep's resume point: one instance (`idFromName('sweep')`), one value. */
export class SweepCursor extends DurableObject<Bindings> {
  async read(): Promise<SweepPosition> {
    return (await this.ctx.storage.get<SweepPosition>('position')) ?? START;
  }

  async write(position: SweepPosition): Promise<void> {
    await this.ctx.storage.put('position', position);
  }
}

function logLine(level: 'info' | 'error', message: string, data: Record<string, unknown>): void {
  const line = JSON.stringify({ level, message, ...data });
  if (level === 'error') console.error(line);
  else console.log(line);
}

/** The catch-up step, logged; it never throws, so the run's outcome stays the sweep's. */
async function catchUpStep(env: Bindings): Promise<void> {
  const started = Date.now();
  try {
    const run = await catchUp(env);
    logLine('info', 'site catch-up', { ...run, ms: Date.now() - started });
  } catch (err) {
    // No build asked for: the next run reads both versions again.
    logLine('error', 'site catch-up failed', { error: String(err), ms: Date.now() - started });
  }
}

export async function scheduled(
  controller: ScheduledController,
  env: Bindings,
  _ctx: ExecutionContext,
): Promise<void> {
  const [, sweep] = await Promise.allSettled([catchUpStep(env), sweepStepLogged(controller, env)]);
  if (sweep.status === 'rejected') throw sweep.reason;
}

/** One step of the photo sweep, logged; throws when it failed (the run then fails). */
async function sweepStepLogged(controller: ScheduledController, env: Bindings): Promise<void> {
  const cursor = env.SWEEP_CURSOR.get(env.SWEEP_CURSOR.idFromName('sweep'));
  const from = await cursor.read();
  const started = Date.now();
  // The run's clock is the time it was scheduled for (Cloudflare's scheduledTime; locally the
  // `time` of wrangler's /cdn-cgi/local/scheduled, which is how the tests move it on).
  const run = await sweepStep(env, from, controller.scheduledTime, sweepLimits(env));
  // What was decided stays decided, even when the photo pass stopped early.
  await cursor.write(run.to);
  const { images, ...figures } = run;
  if (run.error !== undefined) {
    logLine('error', 'image sweep failed', { ...figures, images, ms: Date.now() - started });
    // The next scheduled run tries again from the same place; no retry of this one.
    controller.noRetry();
    throw new Error(`varredura de fotos: ${run.error}`);
  }
  logLine('info', 'image sweep', { ...figures, images, ms: Date.now() - started });
}
