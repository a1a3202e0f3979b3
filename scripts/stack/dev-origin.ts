// The one origin of `npm run dev`: `/admin/*` goes to the panel's vite dev server (its runtime
// configuration, /admin/config.json, is answered here from the running stack), everything
// else to `astro dev` (websockets too, so both hot reloads work through it). A content change
// reaches it through the local Workers Builds (build-service.ts), whose runner here restarts
// `astro dev` (its content loader reads Supabase once per start); changes during a restart are
// coalesced into one more restart.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { type Duplex, pipeline } from 'node:stream';
import { CONFIG_PATH, type PanelConfig } from '@guia-fortim/admin/config';
import { BUILD_FAILED_MARK, IMAGE_FORMATS } from '@guia-fortim/domain';
import type { BuildEvent, BuildRunner } from './build-service.ts';

export type DevTargets = {
  /** The panel's vite dev server (base /admin/). */
  admin: () => number;
  /** What the panel reads at /admin/config.json. */
  panelConfig: PanelConfig;
  /** The site's astro dev server, or null while it restarts. */
  site: () => number | null;
  /** The demo photos the seed refers to (/demo/…), which builds copy in and dev must serve. */
  demoDir: string | null;
};

/**
 * The builds of `npm run dev`: each is a restart of `astro dev` (`reload`, which rejects with the
 * reason when the server does not come back).
 */
export function devSiteRunner(reload: () => Promise<void>): BuildRunner {
  const listeners: ((event: BuildEvent) => void)[] = [];
  const state = { state: 'idle', pending: false, error: null as string | null };
  let reloading: Promise<void> | null = null;
  const emit = (event: BuildEvent) => {
    for (const listener of listeners) listener(event);
  };
  const loop = async () => {
    do {
      Object.assign(state, { state: 'building', pending: false });
      emit({ kind: 'started' });
      try {
        await reload();
        Object.assign(state, { state: 'live', error: null });
        emit({ kind: 'stopped', outcome: 'success', log: '' });
      } catch (error) {
        const reason = (error as Error).message.slice(0, 500);
        Object.assign(state, { state: 'failed', error: reason });
        emit({ kind: 'stopped', outcome: 'fail', log: `${BUILD_FAILED_MARK}${reason}` });
      }
    } while (state.pending);
    reloading = null;
  };
  return {
    request() {
      if (reloading) state.pending = true;
      else reloading = loop();
    },
    subscribe: (listener) => void listeners.push(listener),
    status: () => ({ ...state }),
  };
}

export function createDevOrigin(targets: DevTargets) {
  const targetOf = (path: string): number | null =>
    path === '/admin' || path.startsWith('/admin/') ? targets.admin() : targets.site();

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
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
