// The local Turnstile (scripts/stack/turnstile.ts) holds Cloudflare's documented contract for its
// test keys — siteverify over HTTP, the widget in a real Chromium on a page of another origin, as
// the site is. Quoted from developers.cloudflare.com/turnstile/reference/testing/:
//
//   | Sitekey                    | Behavior                     | Widget Type |
//   | `1x00000000000000000000AA` | Always passes                | Visible     |
//   | `2x00000000000000000000AB` | Always fails                 | Visible     |
//   | `1x00000000000000000000BB` | Always passes                | Invisible   |
//   | `2x00000000000000000000BB` | Always fails                 | Invisible   |
//   | `3x00000000000000000000FF` | Forces interactive challenge | Visible     |
//
//   | Secret key                            | Behavior                            |
//   | `1x0000000000000000000000000000000AA` | Always passes validation            |
//   | `2x0000000000000000000000000000000AA` | Always fails validation             |
//   | `3x0000000000000000000000000000000AA` | Returns "token already spent" error |
//
//   "Test sitekeys generate a dummy token: `XXXX.DUMMY.TOKEN.XXXX`"
//   "Test secret keys: Only accept the dummy token, reject real tokens."
//   "Production secret keys: Only accept real tokens, reject dummy tokens."
//   Failure response: { "success": false, "error-codes": ["invalid-input-response"] }
//   Token already redeemed: { "success": false, "error-codes": ["timeout-or-duplicate"] }
//
// From .../get-started/server-side-validation/: "The API accepts application/x-www-form-urlencoded
// and application/json requests, but the response type will always be application/json. It always
// contains a success property"; `missing-input-secret`, `missing-input-response`. From
// .../client-side-rendering/: explicit rendering with `?render=explicit`, `turnstile.render`,
// `reset`, `getResponse`, `remove` ("This will not call any callback and will remove all related DOM
// elements"); appearance `interaction-only`: "The widget becomes visible only when visitor
// interaction is required"; error code `600***`: "Also used by failing testing sitekey". From
// .../troubleshooting/client-side-errors/: "If no error callback is set, Turnstile will throw a
// JavaScript exception upon error", "If the error callback returns with a falsy result ...
// Turnstile will log a warning to the JavaScript console containing the error code"; "By default,
// Turnstile will automatically retry upon encountering a problem" (`retry-interval`).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DUMMY_TOKEN,
  type RunningTurnstile,
  startTurnstile,
  TEST_SECRETS,
  TEST_SITEKEYS,
} from '@guia-fortim/stack/turnstile';
import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../support/chromium.ts';

let turnstile: RunningTurnstile;

beforeAll(async () => {
  turnstile = await startTurnstile();
});
afterAll(() => turnstile?.stop());

async function verify(body: Record<string, string>, type: 'form' | 'json' = 'form') {
  const response = await fetch(turnstile.siteverifyUrl, {
    method: 'POST',
    headers: {
      'Content-Type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: type === 'form' ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
  expect(response.headers.get('content-type')).toBe('application/json');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('siteverify', () => {
  it('the always-passes secret accepts the dummy token, form-encoded (as Supabase Auth posts it) or JSON', async () => {
    for (const type of ['form', 'json'] as const) {
      const { status, body } = await verify(
        { secret: TEST_SECRETS.passes, response: DUMMY_TOKEN, remoteip: '127.0.0.1' },
        type,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        'error-codes': [],
        hostname: 'localhost',
        action: 'test',
        cdata: 'test-data',
      });
      expect(Date.parse(String(body.challenge_ts))).not.toBeNaN();
    }
  });

  it('answers each test secret as documented, and production secrets reject the dummy token', async () => {
    const answer = async (secret: string, response: string) =>
      (await verify({ secret, response })).body;
    expect(await answer(TEST_SECRETS.fails, DUMMY_TOKEN)).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    expect(await answer(TEST_SECRETS.spent, DUMMY_TOKEN)).toEqual({
      success: false,
      'error-codes': ['timeout-or-duplicate'],
    });
    // Test secrets accept only the dummy token; a production secret, only real tokens.
    expect(await answer(TEST_SECRETS.passes, 'um.token.real')).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    expect(await answer('0x4AAAAAAAsegredoDeProducao', DUMMY_TOKEN)).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });

  it('names a missing secret or token, and refuses a malformed body', async () => {
    expect((await verify({ response: DUMMY_TOKEN })).body).toEqual({
      success: false,
      'error-codes': ['missing-input-secret'],
    });
    expect((await verify({ secret: TEST_SECRETS.passes, response: '' })).body).toEqual({
      success: false,
      'error-codes': ['missing-input-response'],
    });
    const malformed = await fetch(turnstile.siteverifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"secret":',
    });
    expect(await malformed.json()).toEqual({ success: false, 'error-codes': ['bad-request'] });
  });
});

describe('the widget (api.js, explicit rendering) in Chromium', () => {
  let browser: Browser;
  let site: Server;
  let siteOrigin = '';
  let page: Page;

  // A page of another origin than the stand-in's, as the site is, served from this machine: Chromium
  // lets only a page from a local address load scripts from one.
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions());
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="pt-BR"><body><form><div id="widget"></div></form>
        <script>window.events = []; window.loaded = new Promise((resolve) => { window.onTurnstile = resolve; });</script>
        <script src="${turnstile.origin}/turnstile/v0/api.js?render=explicit&onload=onTurnstile" defer></script>
        </body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });

  /** The page, once api.js has loaded explicitly; `window.events` records every callback. */
  async function host() {
    page = await browser.newPage();
    await page.goto(`${siteOrigin}/`);
    await page.evaluate(() => (window as unknown as { loaded: Promise<void> }).loaded);
  }

  /** Renders a widget with `options`, recording its callbacks in `window.events`. */
  function render(options: Record<string, unknown>): Promise<string> {
    return page.evaluate((options) => {
      const w = window as unknown as {
        events: string[];
        turnstile: { render(target: string, params: Record<string, unknown>): string };
      };
      const record = (name: string) => (value?: string) =>
        w.events.push(value === undefined ? name : `${name}:${value}`);
      return w.turnstile.render('#widget', {
        callback: record('callback'),
        'error-callback': record('error'),
        'expired-callback': record('expired'),
        'before-interactive-callback': record('before-interactive'),
        'after-interactive-callback': record('after-interactive'),
        ...options,
      });
    }, options);
  }

  const events = () => page.evaluate(() => (window as unknown as { events: string[] }).events);
  const call = (method: string, id?: string) =>
    page.evaluate(
      ([method, id]) =>
        (window as unknown as { turnstile: Record<string, (id?: string) => unknown> }).turnstile[
          method as string
        ]?.(id),
      [method, id] as const,
    );
  const frame = () => page.locator('#widget iframe');

  it('1x…AA always passes, visibly: the dummy token reaches the callback, getResponse and the form', async () => {
    await host();
    const id = await render({ sitekey: TEST_SITEKEYS.passes, language: 'pt-br' });
    await expect.poll(events).toEqual([`callback:${DUMMY_TOKEN}`]);
    expect(await call('getResponse', id)).toBe(DUMMY_TOKEN);
    expect(await page.inputValue('input[name="cf-turnstile-response"]')).toBe(DUMMY_TOKEN);
    await expect.poll(() => frame().isVisible()).toBe(true);
    expect(await frame().boundingBox()).toMatchObject({ width: 300, height: 65 });
    expect(await page.frameLocator('#widget iframe').getByRole('status').textContent()).toBe(
      'Sucesso!',
    );
    await page.close();
  });

  it('with appearance interaction-only, a passing widget is never seen', async () => {
    await host();
    await render({ sitekey: TEST_SITEKEYS.passes, appearance: 'interaction-only' });
    await expect.poll(events).toEqual([`callback:${DUMMY_TOKEN}`]);
    expect(await frame().isVisible()).toBe(false);
    await page.close();
  });

  it('1x…BB always passes, invisibly', async () => {
    await host();
    await render({ sitekey: TEST_SITEKEYS.passesInvisible });
    await expect.poll(events).toEqual([`callback:${DUMMY_TOKEN}`]);
    expect(await frame().isVisible()).toBe(false);
    await page.close();
  });

  it('2x…AB always fails: no token, the failed-challenge code, and a retry after the interval', async () => {
    await host();
    const id = await render({ sitekey: TEST_SITEKEYS.fails, 'retry-interval': 200 });
    // It retries for as long as it fails: on a loaded machine a poll may see a third try already.
    await expect.poll(async () => (await events()).length).toBeGreaterThanOrEqual(2);
    expect(new Set(await events())).toEqual(new Set(['error:600010']));
    expect(await call('getResponse', id)).toBeUndefined();
    await page.close();
  });

  it('an error is thrown without an error callback, and warned of when the callback returns nothing', async () => {
    await host();
    const thrown = new Promise<string>((resolve) =>
      page.once('pageerror', (e) => resolve(e.message)),
    );
    await render({ sitekey: TEST_SITEKEYS.failsInvisible, 'error-callback': undefined });
    expect(await thrown).toBe('[Cloudflare Turnstile] Error: 600010.');
    await page.close();

    await host();
    const warned = new Promise<string>((resolve) =>
      page.on('console', (message) => message.type() === 'warning' && resolve(message.text())),
    );
    await page.evaluate((sitekey) => {
      const { turnstile } = window as unknown as {
        turnstile: { render(target: string, params: Record<string, unknown>): string };
      };
      turnstile.render('#widget', { sitekey, 'error-callback': () => undefined });
    }, TEST_SITEKEYS.failsInvisible);
    expect(await warned).toBe('[Cloudflare Turnstile] Error: 600010.');
    await page.close();
  });

  it('3x…FF forces an interactive challenge: shown even in interaction-only, a token only after the click', async () => {
    await host();
    const id = await render({
      sitekey: TEST_SITEKEYS.interactive,
      appearance: 'interaction-only',
      language: 'pt-br',
    });
    await expect.poll(events).toEqual(['before-interactive']);
    await expect.poll(() => frame().isVisible()).toBe(true);
    expect(await call('getResponse', id)).toBeUndefined();
    await page.frameLocator('#widget iframe').getByLabel('Confirme que é humano').check();
    await expect
      .poll(events)
      .toEqual(['before-interactive', 'after-interactive', `callback:${DUMMY_TOKEN}`]);
    expect(await call('getResponse', id)).toBe(DUMMY_TOKEN);
    await page.close();
  });

  it('reset clears the token and runs the challenge again; remove takes the widget away', async () => {
    await host();
    const id = await render({ sitekey: TEST_SITEKEYS.passes });
    await expect.poll(events).toHaveLength(1);
    const afterReset = await page.evaluate((id) => {
      const { turnstile } = window as unknown as {
        turnstile: { reset(id: string): void; getResponse(id: string): string | undefined };
      };
      turnstile.reset(id);
      return turnstile.getResponse(id);
    }, id);
    expect(afterReset).toBeUndefined();
    await expect.poll(events).toEqual([`callback:${DUMMY_TOKEN}`, `callback:${DUMMY_TOKEN}`]);
    await call('remove', id);
    expect(await page.locator('#widget').innerHTML()).toBe('');
    expect(await call('getResponse', id)).toBeUndefined();
    await page.close();
  });

  it('refuses a missing sitekey, and fails with the invalid-sitekey code for a key it does not know', async () => {
    await host();
    await expect(render({ sitekey: '' })).rejects.toThrow('parameter "sitekey"');
    await render({ sitekey: '0x4AAAAAAAchaveDeProducao' });
    await expect.poll(events).toEqual(['error:110100']);
    await page.close();
  });
});
