// The stand-in site Worker (wrangler.jsonc): PageRenderer.renderListings records its changes and
// answers a version; GET /calls lists the calls since the last DELETE /calls; POST /fail makes
// every call throw until DELETE /calls (a render that fails on the site Worker's side).
import { WorkerEntrypoint } from 'cloudflare:workers';

/** One isolate under wrangler dev: the calls live here, shared by the entrypoint and fetch. */
let calls = [];
let failing = false;

export class PageRenderer extends WorkerEntrypoint {
  async renderListings(changes) {
    calls.push(changes);
    if (failing) throw new Error('a renderização falhou (de propósito)');
    return {
      version: calls.length,
      paths: changes.flatMap((change) => change.slugs.map((slug) => `/${change.kind}/${slug}`)),
    };
  }
}

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === '/calls' && request.method === 'GET') return Response.json(calls);
    if (pathname === '/calls' && request.method === 'DELETE') {
      calls = [];
      failing = false;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/fail' && request.method === 'POST') {
      failing = true;
      return new Response(null, { status: 204 });
    }
    return new Response('não encontrado', { status: 404 });
  },
};
