// Serves a built site the way Cloudflare Pages does: clean URLs (`/hospedagem` is
// `hospedagem.html`), the `_redirects` file, `404.html` with status 404, and brotli or gzip
// compression. Used by the browser tests and the benchmarks; listens on 127.0.0.1 only.
//   node scripts/static-server.ts <dir> [--port N]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

type Redirect = { from: string; to: string; status: number };

export function parseRedirects(text: string): Redirect[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '302'] = line.split(/\s+/);
      return { from: safeDecode(from), to, status: Number(status) };
    });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export type StaticServer = { url: string; port: number; server: Server; close(): Promise<void> };

export async function startStaticServer(root: string, port = 0): Promise<StaticServer> {
  const base = resolve(root);
  const redirectsFile = join(base, '_redirects');
  const redirects = existsSync(redirectsFile)
    ? parseRedirects(readFileSync(redirectsFile, 'utf8'))
    : [];
  const compressed = new Map<string, Buffer>();

  const fileFor = (pathname: string): string | null => {
    const candidates = pathname.endsWith('/')
      ? [`${pathname}index.html`]
      : [pathname, `${pathname}.html`, `${pathname}/index.html`];
    for (const candidate of candidates) {
      const file = normalize(join(base, candidate));
      if (!file.startsWith(base + sep) && file !== base) continue;
      if (existsSync(file) && statSync(file).isFile()) return file;
    }
    return null;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathname = safeDecode(url.pathname);
    const redirect = redirects.find((rule) => rule.from === pathname);
    if (redirect) {
      response.writeHead(redirect.status, { Location: redirect.to });
      response.end();
      return;
    }
    if (pathname.endsWith('.html') && pathname !== '/404.html') {
      const clean = pathname.replace(/(index)?\.html$/, '');
      response.writeHead(308, { Location: clean + url.search });
      response.end();
      return;
    }
    const file = fileFor(pathname);
    const status = file ? 200 : 404;
    const served = file ?? join(base, '404.html');
    if (!existsSync(served)) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Não encontrado');
      return;
    }
    const ext = extname(served);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': pathname.startsWith('/_astro/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
    };
    const stats = statSync(served);
    let body: Buffer = readFileSync(served);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.has(ext)) {
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (encoding) {
        const key = `${encoding}:${served}:${stats.mtimeMs}:${stats.size}`;
        let packed = compressed.get(key);
        if (!packed) {
          packed =
            encoding === 'br'
              ? brotliCompressSync(body, {
                  params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
                })
              : gzipSync(body, { level: 9 });
          compressed.set(key, packed);
        }
        body = packed;
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = String(body.length);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    server,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.main) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    console.error('Uso: node scripts/static-server.ts <dir> [--port N]');
    process.exit(2);
  }
  const portFlag = rest.indexOf('--port');
  const port = portFlag >= 0 ? Number(rest[portFlag + 1]) : Number(process.env.PORT ?? 4321);
  const running = await startStaticServer(dir, port);
  console.log(`Site em ${running.url} (pasta ${resolve(dir)})`);
}
