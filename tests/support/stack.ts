// The whole local stack for browser tests — exactly what `npm start` runs (scripts/stack), with
// an in-memory database, free 127.0.0.1 ports and a temporary data directory that `stop()`
// removes after stopping everything it started.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import {
  type Stack as RunningStack,
  startStack as startLocalStack,
} from '../../scripts/stack/stack.ts';

export type Stack = {
  siteUrl: string;
  supabaseUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  publishableKey: string;
  secretKey: string;
  /** The running parts, for tests that need the database or the publisher. */
  running: RunningStack;
  stop: () => Promise<void>;
};

export async function startStack(
  options: { seed?: boolean; sitePort?: number } = {},
): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'guia-fortim-stack-'));
  try {
    const running = await startLocalStack({
      dataDir,
      memory: true,
      seed: options.seed ?? true,
      ports: {
        site: options.sitePort ?? (await freePort()),
        supabase: await freePort(),
        api: await freePort(),
      },
    });
    return {
      siteUrl: running.siteUrl,
      supabaseUrl: running.supabaseUrl,
      apiUrl: running.apiUrl,
      mailboxUrl: running.mailboxUrl,
      publishableKey: running.publishableKey,
      secretKey: running.supabase.keys.secretKey,
      running,
      stop: async () => {
        await running.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
