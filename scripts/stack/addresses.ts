// Where the stack's parts listen and find each other: a port taken is said by name, the worker's
// addresses follow from its port, and the Workers of one stack share a dev registry.
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Fails with a clear message when something else already listens on the port. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(
          `A porta ${port} (${what}) já está em uso. Feche o outro processo ou escolha outra porta.`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The worker's address on `port`, and where it serves the stored photos (GET /images/*). */
export const workerUrls = (port: number) => ({
  apiUrl: `http://127.0.0.1:${port}`,
  imagesUrl: `http://127.0.0.1:${port}/images`,
});

/**
 * The stack's own registry of running Workers (wrangler's dev registry): the API worker's service
 * binding to the site Worker (SITE_PAGES) finds it there, as on Cloudflare by its name. One per
 * data directory, so two stacks on one machine never call each other's Worker.
 */
export const stackRegistry = (dataDir: string) => join(dataDir, 'registry');
