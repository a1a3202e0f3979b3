// The one origin of `npm run dev`: `/admin/*` goes to the panel's vite dev server (its runtime
// configuration, /admin/config.json, is answered here from the running stack), everything
// else to `astro dev` (websockets too, so both hot reloads work through it), and the local deploy
// hook at its secret address (origin.ts) reloads the site's data by restarting `astro dev` (its content loader
// reads Supabase once per start). Requests during a restart are coalesced into one more restart.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { type Duplex, pipeline } from 'node:stream';
import { CONFIG_PATH, type PanelConfig } from '@guia-fortim/admin/config';
import { IMAGE_FORMATS } from '@guia-fortim/domain';
import { deployHookPath } from './origin.ts';

export type DevTargets = {
  /** The panel's vite dev server (base /admin/). */
  admin: () => number;
  /** What the panel reads at /admin/config.json. */
  panelConfig: PanelConfig;
  /** The site's astro dev server, or null while it restarts. */
  site: () => number | null;
  /** Restarts the site's dev server; rejects with the reason when it does not come back. */
  reloadSite: () => Promise<void>;
  /** The demo photos the seed refers to (/demo/…), which builds copy in and dev must serve. */
  demoDir: string | null;
  deployHookSecret: string;
};

type HookState = {
  state: 'idle' | 'building' | 'live' | 'failed';
  pending: boolean;
  finishedAt: string | null;
  error: string | null;
};

export function createDevOrigin(targets: DevTargets) {
  const hook: HookState = { state: 'idle', pending: false, finishedAt: null, error: null };
  const hookPath = deployHookPath(targets.deployHookSecret);
  let reloading: Promise<void> | null = null;

  const reload = async () => {
    do {
      hook.pending = false;
      hook.state = 'building';
      try {
        await targets.reloadSite();
        Object.assign(hook, { state: 'live', error: null });
      } catch (error) {
        Object.assign(hook, { state: 'failed', error: (error as Error).message.slice(0, 500) });
      }
      hook.finishedAt = new Date().toISOString();
    } while (hook.pending);
    reloading = null;
  };

  const targetOf = (path: string): number | null =>
    path === '/admin' || path.startsWith('/admin/') ? targets.admin() : targets.site();

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.url === hookPath) {
      if (req.method === 'POST') {
        if (reloading) hook.pending = true;
        else reloading = reload();
        return json(res, 202, hook);
      }
      if (req.method === 'GET') return json(res, 200, hook);
      res.writeHead(405, { allow: 'GET, POST' });
      return res.end();
    }
    if (path === CONFIG_PATH) return json(res, 200, targets.panelConfig);
    if (targets.demoDir && path.startsWith('/demo/')) return demoPhoto(res, targets.demoDir, path);
    const port = targetOf(path);
    if (port === null) return unavailable(res);
    forward(req, res, port);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const port = targetOf((req.url ?? '/').split('?')[0] ?? '/');
    if (port === null) return socket.destroy();
    const upstream = connect(port, '127.0.0.1', () => {
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value ?? '']).map((v) => `${name}: ${v}`),
      );
      upstream.write(
        [`${req.method} ${req.url} HTTP/${req.httpVersion}`, ...headers, '', ''].join('\r\n'),
      );
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    upstream.on('close', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
  });
  return server;
}

function forward(req: IncomingMessage, res: ServerResponse, port: number) {
  const upstream = request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => unavailable(res));
  req.pipe(upstream);
}

function demoPhoto(res: ServerResponse, root: string, path: string) {
  let file = '';
  try {
    file = normalize(join(root, decodeURIComponent(path.slice('/demo'.length))));
  } catch {
    // a malformed address: not found
  }
  if (!file.startsWith(root + sep) || !existsSync(file)) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('Foto não encontrada.');
  }
  const format = Object.values(IMAGE_FORMATS).find((f) => file.endsWith(`.${f.extension}`));
  res.writeHead(200, {
    'content-type': format?.type ?? 'application/octet-stream',
    'cache-control': 'no-cache',
  });
  pipeline(createReadStream(file), res, () => {});
}

function unavailable(res: ServerResponse) {
  if (res.headersSent) return res.destroy();
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '2' });
  res.end('O site está recarregando os dados. Tente de novo em instantes.');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
