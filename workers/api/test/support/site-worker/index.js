// The stand-in site Worker (wrangler.jsonc): PageRenderer.renderListings records its changes and
// answers a version; GET /calls lists the calls since the last DELETE /calls; POST /fail makes
// every call throw until DELETE /calls (a render that fails on the site Worker's side); POST /hold
// keeps every call unanswered (recorded as it arrives) until POST /release or DELETE /calls (a
// render still under way).
import { WorkerEntrypoint } from 'cloudflare:workers';

/** One isolate under wrangler dev: the calls live here, shared by the entrypoint and fetch. */
let calls = [];
let failing = false;
let holding = false;

export class PageRenderer extends WorkerEntrypoint {
  async renderListings(changes) {
    calls.push(changes);
    // Each call looks again until it is let go: no promise is shared between requests.
    while (holding) await new Promise((resolve) => setTimeout(resolve, 10));
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
      holding = false;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/fail' && request.method === 'POST') {
      failing = true;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/hold' && request.method === 'POST') {
      holding = true;
      return new Response(null, { status: 204 });
    }
    if (pathname === '/release' && request.method === 'POST') {
      holding = false;
      return new Response(null, { status: 204 });
    }
    return new Response('não encontrado', { status: 404 });
  },
};
