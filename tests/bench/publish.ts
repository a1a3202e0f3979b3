// Publish-to-live on a running stack: an admin's save through the worker API, then the public
// listing page is polled until the origin serves what was saved. Two kinds of save:
//  - a listing renamed (PATCH /api/hospedagens/:id): the API worker asks the site Worker to render
//    that listing's page and the pages that list it, served over the live build until the whole
//    (incremental) build that follows includes the save — production's path;
//  - the same, made while the whole build that followed a first rename runs (an admin editing one
//    listing after another): the site Worker serves it during that build, and after it;
//  - a listing created (POST /api/hospedagens), until its page answers, and one deleted
//    (DELETE /api/hospedagens/:id), until its page answers 404: the site Worker renders the new
//    page, the lists and the home page, or marks the page gone;
//  - a site setting the layout of every page shows (PUT /api/settings, the contact address):
//    every page is rendered again, as after a code change.
// Between runs it waits until the worker reports no rebuild requested or running.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import type { Stack } from '@guia-fortim/stack/stack';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import { createClient } from '@supabase/supabase-js';

export type PublishEdit = 'listing' | 'listing-during-build' | 'create' | 'delete' | 'settings';
export type PublishFigures = {
  listings: number;
  edit: PublishEdit;
  runsMs: number[];
  failedBuilds: number;
};

const WHAT: Record<PublishEdit, string> = {
  listing: 'uma listagem',
  'listing-during-build': 'uma listagem durante o build da anterior',
  create: 'uma listagem criada',
  delete: 'uma listagem excluída',
  settings: 'uma configuração',
};
const POLL_MS = 200;
const DEADLINE_MS = 10 * 60_000;
/** Retries of a run whose build failed or published other content (concurrent builds). */
const RETRIES = 3;

/** The request that saves `marker` (a text no page shows yet). */
const SAVE: Record<
  Exclude<PublishEdit, 'listing-during-build' | 'create' | 'delete'>,
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
  const { rows } = await stack.supabase.database.query<{
    id: string;
    slug: string;
    image_url: string;
  }>('select id, slug, image_url from public.hospedagens order by created_at, id limit 1');
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
  const pageOf = (slug: string) => fetch(`${stack.siteUrl}/hospedagem/${slug}`);
  const shows = async (marker: string, slug = listing.slug) =>
    (await (await pageOf(slug)).text()).includes(marker);
  /** A new listing named with `marker`: its slug. */
  const create = async (marker: string): Promise<{ id: string; slug: string }> => {
    const created = await fetch(`${stack.apiUrl}/api/hospedagens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Pousada Nova ${marker}`,
        description: 'Uma pousada criada para medir a publicação.',
        address: 'Rua da Praia, 10',
        price: 350,
        phone: '+55 (88) 99999-1234',
        image_url: listing.image_url,
        categorias: ['Pousada'],
      }),
    });
    if (!created.ok) throw new Error(`POST falhou: ${created.status} ${await created.text()}`);
    return (await created.json()) as { id: string; slug: string };
  };
  const remove = async (id: string) => {
    const removed = await fetch(`${stack.apiUrl}/api/hospedagens/${id}`, {
      method: 'DELETE',
      headers,
    });
    if (!removed.ok) throw new Error(`DELETE falhou: ${removed.status} ${await removed.text()}`);
  };
  while (runsMs.length < runs) {
    await settled(stack, headers);
    if (edit === 'listing-during-build') {
      const first = `${Date.now()}-primeira`;
      const buildsBefore = stack.publisher.status().builds;
      await save('listing', first);
      await until(() => shows(first));
      // The save is live (rendered); the whole build it asked for starts after the worker's
      // coalescing window.
      await until(async () => stack.publisher.status().builds > buildsBefore);
      if (stack.publisher.status().state !== 'building') {
        console.log('O build da primeira edição já terminou; a medida é repetida.');
        continue;
      }
    }
    let doomed: { id: string; slug: string } | null = null;
    if (edit === 'delete') {
      const first = `${Date.now()}-excluida`;
      doomed = await create(first);
      await until(() => shows(first, doomed?.slug));
      await settled(stack, headers);
    }
    const marker = String(Date.now());
    const buildsBefore = stack.publisher.status().builds;
    const started = performance.now();
    let isLive: () => Promise<boolean>;
    if (edit === 'create') {
      const { slug } = await create(marker);
      isLive = () => shows(marker, slug);
    } else if (doomed) {
      const { id, slug } = doomed;
      await remove(id);
      isLive = async () => (await pageOf(slug)).status === 404;
    } else {
      await save(edit === 'settings' ? 'settings' : 'listing', marker);
      isLive = () => shows(marker);
    }
    const outcome = await until(async () => {
      const { state, builds, pending } = stack.publisher.status();
      if (await isLive()) return 'live';
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

/** Waits until the worker's publisher has nothing requested, pending or building. */
async function settled(stack: Stack, headers: Record<string, string>) {
  await until(async () => {
    const response = await fetch(`${stack.apiUrl}/api/publish`, { headers });
    const state = (await response.json()) as { state: string; pending: boolean };
    return !state.pending && state.state !== 'requested' && state.state !== 'building';
  });
  await stack.publisher.idle();
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
