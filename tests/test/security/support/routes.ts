// The worker's routes as its own router holds them: the Hono app of workers/api/src/app.ts,
// imported (not run) here, lists every handler in `app.routes`. Only `cloudflare:workers` — the
// Workers runtime's module, for the Publisher Durable Object, which nothing here instantiates — is
// replaced, because Node has no such module.
import { Hono } from 'hono';
import { vi } from 'vitest';

/** One endpoint: a method (or ALL) and Hono's path pattern, e.g. `PATCH /api/slides/:id`. */
export type WorkerRoute = { method: string; path: string };

export const routeName = (route: WorkerRoute) => `${route.method} ${route.path}`;

/** The app's route table (typed here: the worker's own types are Cloudflare's, not Node's). */
type HonoApp = {
  routes: { method: string; path: string; handler: (...args: never[]) => unknown }[];
};

// A specifier in a variable: the tests' tsc would otherwise type-check the worker's sources.
const APP = '@guia-fortim/api/app';

export async function workerRoutes(): Promise<WorkerRoute[]> {
  vi.doMock('cloudflare:workers', () => ({ DurableObject: class {} }));
  const { app } = (await import(APP)) as { app: HonoApp };
  const seen = new Map<string, WorkerRoute>();
  for (const { method, path, handler } of app.routes) {
    // `app.use` middleware (CORS, request ids, body limits, requireAdmin on a sub-app) is
    // registered as ALL and takes `next`; a route's handlers are registered under its method.
    if (method === 'ALL' && handler.length >= 2) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/**
 * Which of `routes` the router sends a concrete request to (`GET /images/general/x.jpg`), by
 * Hono's own matching, or undefined when none does.
 */
export async function routeOf(
  routes: WorkerRoute[],
  method: string,
  path: string,
): Promise<string | undefined> {
  const probe = new Hono();
  for (const route of routes) probe.on(route.method, route.path, (c) => c.text(routeName(route)));
  probe.notFound((c) => c.text('', 404));
  const reply = await probe.request(path, { method });
  return reply.status === 200 ? await reply.text() : undefined;
}
