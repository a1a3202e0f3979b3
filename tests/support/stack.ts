// The whole local stack for browser tests — exactly what `npm start` runs (scripts/stack). By
// default: an in-memory database, free 127.0.0.1 ports and a temporary data directory that
// `stop()` removes after stopping everything it started. With `dataDir` the database persists
// there too and `stop()` keeps it, so a second start on the same directory and ports is a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import {
  type Stack as RunningStack,
  startStack as startLocalStack,
} from '@guia-fortim/stack/stack';

export type StackPorts = { site: number; supabase: number; api: number; turnstile: number };

export type Stack = {
  siteUrl: string;
  supabaseUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  /** The local Turnstile, which Auth's CAPTCHA checks tokens with. */
  turnstileUrl: string;
  publishableKey: string;
  secretKey: string;
  ports: StackPorts;
  /** The running parts, for tests that need the database or the publisher. */
  running: RunningStack;
  stop: () => Promise<void>;
};

export async function startStack(
  options: {
    seed?: boolean;
    sitePort?: number;
    /** Persist everything (database included) here; the caller removes it. */
    dataDir?: string;
    /** Reuse these ports (a restart); otherwise free ones are picked. */
    ports?: StackPorts;
    /** Every line the site and panel builds print. */
    buildOutput?: (line: string) => void;
  } = {},
): Promise<Stack> {
  const owned = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'guia-fortim-stack-'));
  const remove = () => {
    if (owned) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const ports = options.ports ?? {
      site: options.sitePort ?? (await freePort()),
      supabase: await freePort(),
      api: await freePort(),
      turnstile: await freePort(),
    };
    const running = await startLocalStack({
      dataDir,
      memory: owned,
      seed: options.seed ?? true,
      ports,
      buildOutput: options.buildOutput,
      // In the test log: a worker restarted or a build that failed explains a failure there.
      log: (line) => console.log(`[stack ${ports.site}] ${line}`),
    });
    return {
      siteUrl: running.siteUrl,
      supabaseUrl: running.supabaseUrl,
      apiUrl: running.apiUrl,
      mailboxUrl: running.mailboxUrl,
      turnstileUrl: running.turnstileUrl,
      publishableKey: running.publishableKey,
      secretKey: running.supabase.keys.secretKey,
      ports,
      running,
      stop: async () => {
        await running.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
