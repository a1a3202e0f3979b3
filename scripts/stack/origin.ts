// The one local origin for the public site and the admin panel is Cloudflare's own Pages asset
// server (pages-origin.ts) over the live build, which holds the site, the panel under /admin/ and
// its /admin/config.json as `npm run deploy` assembles them. What Cloudflare's runtime cannot do
// for us stays here: the local deploy hook, which starts a rebuild in this process. In production
// the hook is Cloudflare's own (a secret URL on api.cloudflare.com, not on the site): locally it
// answers on its own port, at a secret path.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SiteBuilder } from './site-builder.ts';

const DEPLOY_HOOK_PATH = '/__deploy-hook';

/** A new secret for the local deploy hook: whoever knows it may start a build. */
export function newDeployHookSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Where the local deploy hook answers (POST: rebuild; GET: the state, not the log). */
export function deployHookPath(secret: string): string {
  return `${DEPLOY_HOOK_PATH}/${secret}`;
}

export type DeployHook = {
  server: Server;
  /** The publisher the hook drives; until then it answers 503. */
  attach: (publisher: SiteBuilder) => void;
};

/** The local deploy hook server. Called by the worker, not by browsers: no CORS. */
export function createDeployHook(secret: string): DeployHook {
  const hookPath = deployHookPath(secret);
  let publisher: SiteBuilder | null = null;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url !== hookPath) return send(response, 404, 'Não encontrado.');
    if (!publisher) return send(response, 503, 'O publicador ainda não começou.');
    if (request.method === 'POST') return json(response, 202, publisher.request());
    if (request.method === 'GET') return json(response, 200, publisher.status());
    response.setHeader('allow', 'GET, POST');
    return send(response, 405, 'Método não permitido.');
  });
  return {
    server,
    attach: (p) => {
      publisher = p;
    },
  };
}

function send(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
