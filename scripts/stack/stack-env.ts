// The stack's environment as the site and the panel see it: the origins they talk to.
import type { SiteEnv } from '@guia-fortim/portal/build';
import { workerUrls } from './addresses.ts';
import { type RunningTurnstile, TEST_SITEKEYS } from './turnstile.ts';

export type StackPorts = { site: number; supabase: number; api: number };

/**
 * The origins the site and the panel talk to, known from the ports and the publishable key before
 * any service answers (stackPublishableKey): the stack prepares the site while they start.
 */
export function stackEnv(
  ports: StackPorts,
  publishableKey: string,
  turnstile?: Pick<RunningTurnstile, 'origin'>,
): SiteEnv {
  return {
    siteUrl: `http://127.0.0.1:${ports.site}`,
    supabaseUrl: `http://127.0.0.1:${ports.supabase}`,
    publishableKey,
    ...workerUrls(ports.api),
    ...(turnstile
      ? { turnstile: { siteKey: TEST_SITEKEYS.passes, origin: turnstile.origin } }
      : {}),
  };
}
