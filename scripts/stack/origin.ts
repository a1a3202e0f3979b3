// One local origin for the public site and the admin panel, as Cloudflare Pages serves them in
// production: static files compressed, `_redirects` honoured, `/admin/*` falling back to the
// panel's index.html, the panel's runtime configuration at /admin/config.json (the running
// stack's origins), the site's 404 page, and the local deploy hook at a secret address
// (/__deploy-hook/<secret>, as production's hook URL is secret).
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, posix, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { CONFIG_PATH, type PanelConfig } from '@guia-fortim/admin/config';
import { headersFor, parseHeaders } from './headers.ts';
import type { SiteBuilder } from './site-builder.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const PAGES_CONFIG_FILES = new Set(['/_headers', '/_redirects']);
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg']);

const DEPLOY_HOOK_PATH = '/__deploy-hook';

/** A new secret for the local deploy hook: whoever knows it may start a build. */
export function newDeployHookSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Where the local deploy hook answers (POST: rebuild; GET: the state, not the log). */
export function deployHookPath(secret: string): string {
  return `${DEPLOY_HOOK_PATH}/${secret}`;
}

export type OriginOptions = {
  publisher: SiteBuilder;
  /** The built panel and the configuration it gets at /admin/config.json. */
  admin: { dir: string; config: PanelConfig } | null;
  deployHookSecret: string;
};

export function createOrigin({ publisher, admin, deployHookSecret }: OriginOptions): Server {
  const hookPath = deployHookPath(deployHookSecret);
  return createServer((request, response) => {
    try {
      if (request.url === hookPath) return deployHook(request, response, publisher);
      handle(request, response, publisher, admin);
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'content-type': TYPES['.txt'] });
      response.end('Erro interno do servidor local.');
    }
  });
}

function handle(
  request: IncomingMessage,
  response: ServerResponse,
  publisher: SiteBuilder,
  admin: OriginOptions['admin'],
) {
  const url = new URL(request.url ?? '/', 'http://origin.local');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return send(response, 400, 'Endereço inválido.');
  }
  // A path that only decodes to another one ('/%2Fevil.example/..%2Fmapa/' is '/mapa/' after
  // '//evil.example/..') names no page: served or redirected, it would lead off the site.
  if (path.includes('\\') || posix.normalize(path) !== path) {
    return send(response, 404, 'Página não encontrada.');
  }

  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return send(response, 405, 'Método não permitido.');
  }

  const site = publisher.liveDir();
  if (path === '/admin' || path.startsWith('/admin/')) {
    if (!admin) return send(response, 503, 'O painel ainda não foi construído.');
    const extra = site ? headersFor(siteRules(site, '_headers', parseHeaders), path) : {};
    if (path === CONFIG_PATH) {
      response.writeHead(200, {
        ...extra,
        'content-type': TYPES['.json'] ?? 'application/json',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      return response.end(request.method === 'HEAD' ? undefined : JSON.stringify(admin.config));
    }
    const file = resolveFile(admin.dir, path.slice('/admin'.length) || '/');
    return serveFile(request, response, file ?? join(admin.dir, 'index.html'), 200, extra);
  }
  if (!site) return send(response, 503, 'O site está sendo publicado. Tente de novo em instantes.');

  const extra = headersFor(siteRules(site, '_headers', parseHeaders), path);
  // Cloudflare Pages reads these two files and never serves them.
  if (PAGES_CONFIG_FILES.has(path)) return notFound(request, response, site, extra);
  const redirect = findRedirect(site, path);
  if (redirect) {
    response.writeHead(redirect.status, { location: redirect.to + url.search });
    return response.end();
  }
  const file = resolveFile(site, path);
  if (file) return serveFile(request, response, file, 200, extra);
  if (path.length > 1 && path.endsWith('/') && resolveFile(site, path.replace(/\/+$/, ''))) {
    response.writeHead(308, { location: encodeURI(path.replace(/\/+$/, '')) + url.search });
    return response.end();
  }
  return notFound(request, response, site, extra);
}

/** The site's own 404 page. */
function notFound(
  request: IncomingMessage,
  response: ServerResponse,
  site: string,
  extra: Record<string, string>,
) {
  const page = join(site, '404.html');
  if (existsSync(page)) return serveFile(request, response, page, 404, extra);
  return send(response, 404, 'Página não encontrada.');
}

/** Called by the worker, not by browsers: no CORS. */
function deployHook(request: IncomingMessage, response: ServerResponse, publisher: SiteBuilder) {
  if (request.method === 'POST') return json(response, 202, publisher.request());
  if (request.method === 'GET') return json(response, 200, publisher.status());
  response.setHeader('allow', 'GET, POST');
  return send(response, 405, 'Método não permitido.');
}

/** A file inside `root` for the request path (`/x` → x, x.html or x/index.html), never outside. */
function resolveFile(root: string, path: string): string | null {
  const base = normalize(join(root, path));
  if (base !== root && !base.startsWith(root + sep)) return null;
  for (const candidate of [base, `${base}.html`, join(base, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

type Redirect = { from: string; to: string; status: number };
const ruleCache = new Map<string, unknown[]>();

/** A build's `_redirects` or `_headers`, parsed once per build directory. */
function siteRules<T>(site: string, name: string, parse: (text: string) => T[]): T[] {
  const key = join(site, name);
  let rules = ruleCache.get(key) as T[] | undefined;
  if (!rules) {
    rules = existsSync(key) ? parse(readFileSync(key, 'utf8')) : [];
    ruleCache.set(key, rules);
  }
  return rules;
}

/** Cloudflare Pages' `_redirects` format, exact paths only: `from to [status]`. */
function findRedirect(site: string, path: string): Redirect | undefined {
  const rules = siteRules(site, '_redirects', parseRedirects);
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return rules.find((rule) => rule.from === trimmed || rule.from === encodeURI(trimmed));
}

export function parseRedirects(text: string): Redirect[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '301'] = line.split(/\s+/);
      return { from: safeDecode(from), to, status: Number.parseInt(status, 10) || 301 };
    });
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

function serveFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  status: number,
  extra: Record<string, string> = {},
) {
  const ext = extname(file).toLowerCase();
  const headers: Record<string, string> = {
    'cache-control': ext === '.html' ? 'no-cache' : 'public, max-age=3600',
    ...extra,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
  };
  const accept = String(request.headers['accept-encoding'] ?? '');
  const encoding = !COMPRESSIBLE.has(ext)
    ? null
    : /\bbr\b/.test(accept)
      ? 'br'
      : /\bgzip\b/.test(accept)
        ? 'gzip'
        : null;
  if (encoding) headers['content-encoding'] = encoding;
  else headers['content-length'] = String(statSync(file).size);
  response.writeHead(status, headers);
  if (request.method === 'HEAD') return response.end();
  const source = createReadStream(file);
  if (!encoding) return pipeline(source, response, () => {});
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  pipeline(source, compressor, response, () => {});
}

function send(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'content-type': TYPES['.txt'] ?? 'text/plain' });
  response.end(text);
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': TYPES['.json'] ?? 'application/json' });
  response.end(JSON.stringify(body));
}
