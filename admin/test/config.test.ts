import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPanelConfig, PanelConfigError, panelConfig, parsePanelConfig } from '../src/config.ts';

const VALID = {
  supabaseUrl: 'https://projeto.supabase.co/',
  publishableKey: 'sb_publishable_abc',
  apiUrl: 'https://api.guiafortim.com.br/',
};

// A real HTTP server answering each path the way a misconfigured host could.
const answers: Record<string, { status: number; body: string }> = {
  '/ok.json': { status: 200, body: JSON.stringify(VALID) },
  '/missing.json': { status: 404, body: '<!doctype html><h1>404</h1>' },
  '/html.json': { status: 200, body: '<!doctype html><div id="root"></div>' },
  '/partial.json': { status: 200, body: JSON.stringify({ supabaseUrl: 'ftp://x', apiUrl: 3 }) },
};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = answers[request.url ?? ''] ?? { status: 500, body: '' };
    response.writeHead(answer.status, { 'access-control-allow-origin': '*' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the runtime configuration (/admin/config.json)', () => {
  it('accepts the three values, trimming trailing slashes; an empty apiUrl means same origin', () => {
    expect(parsePanelConfig(VALID)).toEqual({
      supabaseUrl: 'https://projeto.supabase.co',
      publishableKey: 'sb_publishable_abc',
      apiUrl: 'https://api.guiafortim.com.br',
    });
    expect(parsePanelConfig({ ...VALID, apiUrl: '' }).apiUrl).toBe('');
  });

  it('lists every problem at once, in Portuguese', () => {
    expect(() => parsePanelConfig({ supabaseUrl: 'javascript:alert(1)', apiUrl: 'x' })).toThrow(
      new PanelConfigError(
        'A configuração do painel (/admin/config.json) é inválida: supabaseUrl precisa ser um ' +
          'endereço http(s); publishableKey não foi definida; apiUrl precisa ser um endereço ' +
          'http(s) ou vazio (mesma origem).',
      ),
    );
    expect(() => parsePanelConfig(null)).toThrow(PanelConfigError);
    expect(() => parsePanelConfig([])).toThrow(PanelConfigError);
  });

  it('loads the file over HTTP and keeps it for the panel', async () => {
    const loaded = await loadPanelConfig(`${base}/ok.json`);
    expect(loaded.supabaseUrl).toBe('https://projeto.supabase.co');
    expect(panelConfig()).toEqual(loaded);
  });

  it('refuses a missing file, an HTML page, bad values and an unreachable server', async () => {
    const before = panelConfig();
    await expect(loadPanelConfig(`${base}/missing.json`)).rejects.toThrow(
      'A configuração do painel (/admin/config.json) não foi encontrada (HTTP 404).',
    );
    await expect(loadPanelConfig(`${base}/html.json`)).rejects.toThrow(
      'A configuração do painel (/admin/config.json) não é um JSON válido.',
    );
    await expect(loadPanelConfig(`${base}/partial.json`)).rejects.toThrow(
      /supabaseUrl precisa ser .*publishableKey não foi definida.*apiUrl precisa ser/,
    );
    await expect(loadPanelConfig('http://127.0.0.1:9/admin/config.json')).rejects.toThrow(
      'Não foi possível baixar a configuração do painel (/admin/config.json). Verifique sua ' +
        'conexão e recarregue a página.',
    );
    // A failed load changes nothing.
    expect(panelConfig()).toEqual(before);
  });
});
