// @vitest-environment happy-dom
// 'Avaliar este lugar' (ReviewForm) against the real db/local, in its own process, with the
// unmodified supabase-js. A small relay holds the first account's read of its review until
// another account has signed in on the page, then answers it with a server error: shown, it
// would replace the second account's form. A second form, for the account signed in now, gets
// the same error after it: once that one shows it, the first has dealt with its own answer.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { freePort } from '@guia-fortim/db/testing';
import {
  type LocalSupabaseProcess,
  startLocalSupabaseProcess,
} from '@guia-fortim/local-supabase/process';
import { act, cleanup, configure, render, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';

configure({ asyncUtilTimeout: 20_000 });

const PASSWORD = 'segredo123';
const REVIEWS_PATH = '/rest/v1/reviews';

let dbLocal: LocalSupabaseProcess | undefined;
let dbLocalUrl = '';
let relay: Server | undefined;
let relayUrl = '';
const held: (() => void)[] = [];
let holdNext: (() => void) | null = null;

function relayRequest(request: IncomingMessage, response: ServerResponse) {
  const path = request.url ?? '/';
  const forward = () => {
    const upstream = httpRequest(
      `${dbLocalUrl}${path}`,
      { method: request.method, headers: { ...request.headers, host: new URL(dbLocalUrl).host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  };
  if (holdNext && request.method === 'GET' && path.startsWith(REVIEWS_PATH)) {
    const matched = holdNext;
    holdNext = null;
    held.push(() => {
      response.writeHead(500, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': request.headers.origin ?? '*',
      });
      response.end(JSON.stringify({ code: 'XX000', message: 'falha', details: null, hint: null }));
    });
    matched();
  } else forward();
}

async function account(email: string, name: string) {
  const publishableKey = dbLocal?.publishableKey ?? '';
  const signUp = await fetch(`${dbLocalUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, data: { full_name: name } }),
  });
  expect(signUp.status).toBe(200);
  const signIn = await fetch(`${dbLocalUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return (await signIn.json()) as { user: { id: string } };
}

beforeAll(async () => {
  dbLocal = await startLocalSupabaseProcess({ autoconfirm: true });
  dbLocalUrl = dbLocal.url;
  const relayPort = await freePort();
  relay = createServer(relayRequest);
  await new Promise<void>((resolve) => relay?.listen(relayPort, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${relayPort}`;
}, 120_000);

afterAll(async () => {
  for (const forward of held.splice(0)) forward();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
  await dbLocal?.stop();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  localStorage.clear();
});

it("leaves unread the answer for the account signed in before another's", async () => {
  const listingId = '00000000-0000-4000-8000-000000000001';
  const ana = await account('ana.avaliacoes@example.com', 'Ana');
  const bia = await account('bia.avaliacoes@example.com', 'Bia');

  vi.stubEnv('PUBLIC_SUPABASE_URL', relayUrl);
  vi.stubEnv('PUBLIC_SUPABASE_PUBLISHABLE_KEY', dbLocal?.publishableKey ?? '');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // Tells when supabase-js has read a held answer's body: the next one is answered only then.
  const read: Promise<void>[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
    const answer = await realFetch(...args);
    const text = answer.text.bind(answer);
    const body = text();
    read.push(body.then(() => undefined));
    answer.text = () => body;
    return answer;
  });
  const { SESSION_CHANGED_EVENT } = await import('../../src/lib/session.ts');
  const ReviewForm = (await import('../../src/islands/ReviewForm.tsx')).default;
  const key = 'sb-127-auth-token';

  /** A form on the page whose first read of reviews the relay holds; resolves once it is held. */
  const formWithHeldRead = async () => {
    const readHeld = new Promise<void>((resolve) => {
      holdNext = resolve;
    });
    const { container } = render(
      <ReviewForm
        kind="hospedagem"
        listingId={listingId}
        supabaseUrl={relayUrl}
        loginHref="/auth/login"
      />,
    );
    await readHeld;
    return within(container);
  };
  /** Answers the oldest held read (the relay's server error); resolves once its body is read. */
  const answerHeld = async () => {
    const before = read.length;
    held.shift()?.();
    await vi.waitFor(() => expect(read.length).toBeGreaterThan(before));
    await Promise.all(read);
  };

  localStorage.setItem(key, JSON.stringify(ana));
  const form = await formWithHeldRead();

  // Bia signs in on this page before Ana's review arrives.
  localStorage.setItem(key, JSON.stringify(bia));
  act(() => {
    dispatchEvent(new Event(SESSION_CHANGED_EVENT));
  });
  expect(await form.findByRole('button', { name: 'Enviar avaliação' })).toBeTruthy();

  // A second form, opened now, reads Bia's review; the relay holds that read too.
  const second = await formWithHeldRead();
  // Ana's answer is read first; then Bia's, which the second form shows as the failure it is.
  await answerHeld();
  await answerHeld();
  expect((await second.findByRole('alert')).textContent).toBe(
    'Não foi possível carregar as avaliações. Tente novamente.',
  );
  // Ana's answer went through the same steps before it: the first form left it unread.
  expect(form.queryByRole('alert')).toBeNull();
  expect(form.getByRole('button', { name: 'Enviar avaliação' })).toBeTruthy();
});
