// The worker's R2 bucket as wrangler dev keeps it on disk (its --persist-to directory), opened
// from Node through wrangler's own local bindings (getPlatformProxy: the same Miniflare storage
// wrangler dev reads and writes): the bucket as a tool outside the worker sees it — rclone over
// R2's S3 API in production. Only the bucket's binding is taken from wrangler.jsonc, so nothing
// else of the worker (its Durable Objects, its service binding) is started for it. Open it only
// while no worker runs on the same directory.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';

const CONFIG = new URL('../../wrangler.jsonc', import.meta.url).pathname;
const BINDING = 'IMAGES_BUCKET';

/** The part of R2's binding a copy of the bucket uses (what rclone does over the S3 API). */
export type Bucket = {
  list(options?: { prefix?: string; cursor?: string }): Promise<{
    objects: { key: string }[];
    truncated: boolean;
    cursor?: string;
  }>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  head(key: string): Promise<object | null>;
  put(
    key: string,
    value: ArrayBuffer | Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
};

export type LocalBucket = { bucket: Bucket; close: () => Promise<void> };

export async function openLocalBucket(persistTo: string): Promise<LocalBucket> {
  const config = unstable_readConfig({ config: CONFIG });
  const images = config.r2_buckets.find((b: { binding: string }) => b.binding === BINDING);
  if (!images) throw new Error(`${BINDING} não está em wrangler.jsonc`);
  const dir = await mkdtemp(join(tmpdir(), 'gf-bucket-'));
  const only = join(dir, 'wrangler.json');
  await writeFile(
    only,
    JSON.stringify({
      name: config.name,
      compatibility_date: config.compatibility_date,
      r2_buckets: [images],
    }),
  );
  try {
    const proxy = await getPlatformProxy<{ [BINDING]: Bucket }>({
      configPath: only,
      // wrangler dev --persist-to X keeps its state under X/v3.
      persist: { path: join(persistTo, 'v3') },
      remoteBindings: false,
    });
    return {
      bucket: proxy.env[BINDING],
      close: async () => {
        await proxy.dispose();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
