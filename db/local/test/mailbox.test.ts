// The mailbox read by a person in a browser: the same messages as the JSON the tests and tools
// read, as a Portuguese page. Which one comes back is the request's Accept (a browser asks for
// text/html first; fetch, curl and the tests send */* or ask for JSON). The page and the JSON are
// the same whatever the database, so one backend is enough here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../index.ts';
import { startBackend } from './support.ts';

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the mailbox in a browser', () => {
  let server: LocalSupabase;
  const read = (query = '', accept?: string) =>
    fetch(`${server.mailboxUrl}${query}`, { headers: accept ? { Accept: accept } : {} });

  beforeAll(async () => {
    server = await startBackend('PGlite', { fixture: false, autoconfirm: false });
    for (const email of ['ana@teste.local', 'bia@teste.local']) {
      const answer = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'senha-forte-1' }),
      });
      expect(answer.status).toBe(200);
    }
  });
  afterAll(() => server?.stop());

  it('is a Portuguese page listing each message, newest first, with its link', async () => {
    const answer = await read('', BROWSER_ACCEPT);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/i);
    const page = await answer.text();
    const messages = (await (await read()).json()) as { to: string; link: string }[];
    expect(page).toMatch(/^<!doctype html>\s*<html lang="pt-BR">/i);
    expect(page).toContain('<title>Caixa de e-mails do Supabase local</title>');
    expect(page).toContain('2 e-mails');
    expect(messages.map((message) => message.to)).toEqual(['bia@teste.local', 'ana@teste.local']);
    expect(page.indexOf('bia@teste.local')).toBeLessThan(page.indexOf('ana@teste.local'));
    for (const message of messages) {
      expect(page).toContain(`href="${message.link.replaceAll('&', '&amp;')}"`);
    }
    expect(page).toContain('Confirmação de cadastro');
  });

  it('shows only one address with ?to=, and says when there is nothing', async () => {
    const only = await (await read('?to=ANA@teste.local', BROWSER_ACCEPT)).text();
    expect(only).toContain('ana@teste.local');
    expect(only).not.toContain('bia@teste.local');
    expect(only).toContain('1 e-mail para ANA@teste.local');
    const none = await (await read('?to=ninguem@teste.local', BROWSER_ACCEPT)).text();
    expect(none).toContain('Nenhum e-mail para ninguem@teste.local.');
  });

  it('shows every text as text, never as markup, and runs no script', async () => {
    await server.database.query(
      `insert into auth.local_mailbox (to_email, subject, body, link, kind)
       values ($1, $2, $3, $4, 'recovery')`,
      [
        'x@teste.local',
        '<img src=x onerror=alert(1)>',
        '</pre><script>alert(2)</script>',
        'javascript:alert(3)',
      ],
    );
    const answer = await read('?to=x@teste.local', BROWSER_ACCEPT);
    const page = await answer.text();
    expect(page).not.toMatch(/<script|<img|href="javascript:/i);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  });

  it('stays JSON for tools and tests: no Accept, */*, or JSON asked for', async () => {
    for (const accept of [
      undefined,
      '*/*',
      'application/json',
      'application/json, text/html;q=0.5',
    ]) {
      const answer = await read('?to=ana@teste.local', accept);
      expect(answer.headers.get('content-type'), String(accept)).toMatch(/^application\/json/);
      expect(((await answer.json()) as { to: string }[]).map((m) => m.to)).toEqual([
        'ana@teste.local',
      ]);
    }
  });
});
