// What every successful content change starts in the background: a site rebuild (coalesced by the
// Publisher) and, at most hourly, the sweep of unused photos. The sweep rides on content changes
// because that is when an admin is at work (its token reads every row, inactive slides too) and
// when leftover uploads appear; every change counts towards its hourly turn, whatever it touched.
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { sweepUnusedImagesIfDue } from './images/sweep.ts';
import { requestRebuild } from './publish.ts';

export function requestRebuildAndSweep(c: Context<AppEnv>): void {
  sweepUnusedImagesIfDue(c);
  requestRebuild(c);
}
