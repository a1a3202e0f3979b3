// Publish-to-live on a running stack: an admin's save through the worker API, then the public
// listing page is polled until the origin serves what was saved. Two kinds of save:
//  - a listing renamed (PATCH /api/hospedagens/:id): the site's renderer writes that listing's
//    page and the pages that list it into a copy of the live build (then the incremental build
//    follows);
//  - the same, made while the whole build that followed a first rename runs (an admin editing one
//    listing after another): the renderer publishes it during that build;
//  - a site setting the layout of every page shows (PUT /api/settings, the contact address):
//    every page is rendered again, as after a code change.
// Between runs it waits until the worker reports no rebuild requested or running.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import type { Stack } from '@guia-fortim/stack/stack';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import { createClient } from '@supabase/supabase-js';

export type PublishEdit = 'listing' | 'listing-during-build' | 'settings';
export type PublishFigures = {
  listings: number;
  edit: PublishEdit;
  runsMs: number[];
  failedBuilds: number;
};

const WHAT: Record<PublishEdit, string> = {
  listing: 'uma listagem',
  'listing-during-build': 'uma listagem durante o build da anterior',
  settings: 'uma configuração',
};
const POLL_MS = 200;
const DEADLINE_MS = 10 * 60_000;
/** Retries of a run whose build failed or published other content (concurrent builds). */
const RETRIES = 3;

/** The request that saves `marker` (a text no page shows yet). */
const SAVE: Record<
  Exclude<PublishEdit, 'listing-during-build'>,
  (listingId: string, marker: string) => [string, RequestInit]
> = {
  listing: (id, marker) => [
    `/api/hospedagens/${id}`,
    { method: 'PATCH', body: JSON.stringify({ name: `Pousada Medida ${marker}` }) },
  ],
  settings: (_id, marker) => [
    '/api/settings',
    { method: 'PUT', body: JSON.stringify({ contact_address: `Fortim, Ceará ${marker}` }) },
  ],
};

export async function measurePublish(
  stack: Stack,
  runs: number,
  edit: PublishEdit = 'listing',
): Promise<PublishFigures> {
  const client = createClient(stack.supabaseUrl, stack.publishableKey, {
    auth: { persistSession: false },
  });
  // The stack's Auth asks for Turnstile's CAPTCHA: the local Turnstile's test token.
  const { data, error } = await client.auth.signInWithPassword({
    email: DEMO_ACCOUNTS.admin.email,
    password: DEMO_ACCOUNTS.admin.password,
    options: { captchaToken: DUMMY_TOKEN },
  });
  if (error || !data.session) throw error ?? new Error('Login do admin de demonstração falhou.');
  const headers = {
    authorization: `Bearer ${data.session.access_token}`,
    'content-type': 'application/json',
  };
  const { rows } = await stack.supabase.database.query<{ id: string; slug: string }>(
    'select id, slug from public.hospedagens order by created_at, id limit 1',
  );
  const { rows: counted } = await stack.supabase.database.query<{ n: number }>(
    `select ((select count(*) from public.hospedagens) + (select count(*) from public.comercios)
      + (select count(*) from public.passeios))::int as n`,
  );
  const listing = rows[0];
  if (!listing) throw new Error('Nenhuma hospedagem para renomear.');
  const runsMs: number[] = [];
  let failedBuilds = 0;
  const save = async (kind: keyof typeof SAVE, marker: string) => {
    const [path, init] = SAVE[kind](listing.id, marker);
    const saved = await fetch(`${stack.apiUrl}${path}`, { ...init, headers });
    if (!saved.ok) throw new Error(`${init.method} falhou: ${saved.status} ${await saved.text()}`);
  };
  const shows = async (marker: string) =>
    (await (await fetch(`${stack.siteUrl}/hospedagem/${listing.slug}`)).text()).includes(marker);
  while (runsMs.length < runs) {
    await settled(stack, headers);
    if (edit === 'listing-during-build') {
      const first = `${Date.now()}-primeira`;
      await save('listing', first);
      await until(() => shows(first));
      if (stack.publisher.status().state !== 'building') {
        console.log('O build da primeira edição já terminou; a medida é repetida.');
        continue;
      }
    }
    const marker = String(Date.now());
    const buildsBefore = stack.publisher.status().builds;
    const started = performance.now();
    await save(edit === 'settings' ? 'settings' : 'listing', marker);
    const outcome = await until(async () => {
      const { state, builds, pending } = stack.publisher.status();
      if (await shows(marker)) return 'live';
      // A build started after the save finished without the new text: it failed, or read
      // another build's content.
      const done = builds > buildsBefore && !pending && state !== 'building';
      return done ? state : null;
    });
    if (outcome !== 'live') {
      const log = stack.publisher.lastLog();
      console.log(
        `O build terminou (${outcome}) sem o texto salvo; a medida é repetida:\n${log.slice(-1500)}`,
      );
      if (++failedBuilds > RETRIES)
        throw new Error('Builds falharam demais para medir a publicação.');
      continue;
    }
    const ms = Math.round(performance.now() - started);
    runsMs.push(ms);
    console.log(
      `${counted[0]?.n} listagens, ${WHAT[edit]}: página pública atualizada em ${(ms / 1000).toFixed(1)} s`,
    );
  }
  return { listings: counted[0]?.n ?? 0, edit, runsMs, failedBuilds };
}

/** Publishes what was written to the database behind the worker's back (generated listings). */
export async function publishNow(stack: Stack): Promise<number> {
  const started = performance.now();
  stack.publisher.request();
  await stack.publisher.idle();
  if (stack.publisher.status().state !== 'live') {
    throw new Error(`O build falhou:\n${stack.publisher.lastLog().slice(-1500)}`);
  }
  return Math.round(performance.now() - started);
}

/** Waits until the worker's publisher has nothing requested, pending or building, and the
 * site's renderer is ready for the next save. */
async function settled(stack: Stack, headers: Record<string, string>) {
  await until(async () => {
    const response = await fetch(`${stack.apiUrl}/api/publish`, { headers });
    const state = (await response.json()) as { state: string; pending: boolean };
    return !state.pending && state.state !== 'requested' && state.state !== 'building';
  });
  await stack.publisher.ready();
}

async function until<T>(done: () => Promise<T | null | false>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const result = await done();
    if (result) return result;
    if (Date.now() > deadline) throw new Error('Tempo esgotado esperando a publicação.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
