// What every successful content change starts in the background: a site rebuild (coalesced by the
// Publisher) and, at most hourly per isolate, the retention purge with the admin's token (trash
// older than TRASH_RETENTION_DAYS, history older than the history_retention_days setting), which
// frees the purged rows' photos at once (images/cleanup.ts). The database applies the same rules
// every day by itself (pg_cron), whether or not anyone edits, and leaves the photos of what it
// purged to the photo sweep, which runs on its own schedule (the worker's Cron Trigger,
// scheduled.ts) with its own key; so this purge is only the sooner of the two while an admin is
// at work (never with a moderator's token, which it refuses), and every change counts towards
// its hourly turn, whatever it touched. Its failures are logged, never thrown.
import type { Context } from 'hono';
import { database, dataOf } from './database.ts';
import type { AppEnv } from './env.ts';
import { removeUnusedImages } from './images/cleanup.ts';
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

export function requestRebuildAndPurge(c: Context<AppEnv>): void {
  // Purging is the administrators' (a moderator's token is refused): a moderator's change leaves
  // the hourly turn to the next administrator's.
  if (c.get('caller').role === 'admin') hourly(c, 'retention purge', () => purgeExpired(c));
  requestRebuild(c);
}
