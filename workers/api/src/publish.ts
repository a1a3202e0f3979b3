// Asks for a site rebuild after a successful content change, without making the admin wait.
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { log } from './log.ts';
import { publisherStub } from './publisher.ts';

export function requestRebuild(c: Context<AppEnv>): void {
  c.executionCtx.waitUntil(
    publisherStub(c.env)
      .request()
      .then(
        () => undefined,
        (err: unknown) => log(c, 'error', 'rebuild request failed', { error: String(err) }),
      ),
  );
}
