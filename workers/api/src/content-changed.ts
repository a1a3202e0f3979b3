// What every successful content change starts in the background: a site rebuild (coalesced by the
// Publisher) and, at most hourly per isolate, the housekeeping that needs an admin's token — the
// sweep of unused photos and the retention purge (trash older than TRASH_RETENTION_DAYS, history
// older than the history_retention_days setting; then the purged rows' photos are freed). The
// database also applies the retention rules every day by itself (pg_cron), so nothing waits for
// an edit to be erased; here the purge also frees the photos. They ride on content changes
// because that is when an admin is at work (the worker holds no service credential, so there is
// no Cron Trigger) and when leftover uploads appear; every change counts towards their hourly
// turn, whatever it touched. Their failures are logged, never thrown.
import type { Context } from 'hono';
import { database, dataOf } from './database.ts';
import type { AppEnv } from './env.ts';
import { removeUnusedImages } from './images/cleanup.ts';
import { sweepUnusedImages } from './images/sweep.ts';
import { log } from './log.ts';
import { requestRebuild } from './publish.ts';

const HOURLY_MS = 60 * 60 * 1000;

// Per isolate: when each background task last started.
const lastRun = new Map<string, number>();

/** `task` inside waitUntil unless it started less than an hour ago in this isolate. */
function hourly(c: Context<AppEnv>, name: string, task: () => Promise<unknown>): void {
  const now = Date.now();
  if (now - (lastRun.get(name) ?? 0) < HOURLY_MS) return;
  lastRun.set(name, now);
  c.executionCtx.waitUntil(
    task().then(
      () => undefined,
      (err: unknown) => log(c, 'warn', `${name} failed`, { error: String(err) }),
    ),
  );
}

/** The retention rules (purge_expired), then the photos of the rows purged from the trash. */
async function purgeExpired(c: Context<AppEnv>): Promise<void> {
  const purged = await dataOf<{ trash: number; history: number; images: string[] }>(
    database(c).rpc('purge_expired'),
  );
  log(c, 'info', 'retention purge', { trash: purged.trash, history: purged.history });
  await removeUnusedImages(c, purged.images);
}

export function requestRebuildAndSweep(c: Context<AppEnv>): void {
  hourly(c, 'image sweep', () => sweepUnusedImages(c));
  hourly(c, 'retention purge', () => purgeExpired(c));
  requestRebuild(c);
}
