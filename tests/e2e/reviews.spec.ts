// Visitors' reviews end to end on the shared portal: a demo visitor reviews a place on its page,
// the moderator approves it in the panel's 'Avaliações', the publish puts it on the place's page
// with the visitors' aggregateRating in its JSON-LD, and 'Denunciar' sends it back to the queue
// and off the page. A signed-out visitor is asked to sign in, and the pages still ask for no
// script before they are drawn. The review the suite writes is deleted at the end.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { DUMMY_TOKEN } from '@guia-fortim/stack/turnstile';
import type { Browser, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { sharedPortal } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import {
  expectAccessible,
  hydrated,
  type ListingRow,
  listingRows,
  open,
  signInInBrowser,
} from './public-helpers.ts';

test.describe.configure({ timeout: 60_000 });

type Json = Record<string, unknown>;

/** An account's client, access token and id, signed in outside the browser. */
async function session(account: { email: string; password: string } = DEMO_ACCOUNTS.visitante) {
  const { supabaseUrl, publishableKey } = sharedPortal();
  const client = createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
    options: { captchaToken: DUMMY_TOKEN },
  });
  if (error || !data.session) throw new Error(`login de ${account.email}: ${error?.message}`);
  return { client, token: data.session.access_token, userId: data.session.user.id };
}

/** Calls the worker's review routes with `token`; answers the status and the body. */
async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sharedPortal().apiUrl}/api/reviews${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Json };
}

/** A lodging the demo visitor has not reviewed yet. */
async function unreviewedLodging(client: Awaited<ReturnType<typeof session>>['client']) {
  const { data, error } = await client
    .from('reviews')
    .select('listing_id')
    .eq('user_id', DEMO_ACCOUNTS.visitante.id);
  expect(error).toBeNull();
  const reviewed = new Set((data ?? []).map((row) => row.listing_id as string));
  const row = (await listingRows('hospedagens')).find(
    (r) => !reviewed.has((r as ListingRow & { id: string }).id),
  );
  if (!row) throw new Error('Nenhuma hospedagem sem avaliação do visitante');
  return row as ListingRow & { id: string };
}

/** The page's HTML as any visitor gets it now (no browser cache). */
async function pageHtml(path: string): Promise<string> {
  const response = await fetch(`${sharedPortal().siteUrl}${path}`, { cache: 'no-store' });
  expect(response.status, `GET ${path}`).toBe(200);
  return response.text();
}

/** Waits until the public page at `path` does (or no longer does) show `text`: the publish. */
async function published(path: string, text: string, shown = true) {
  await expect
    .poll(async () => (await pageHtml(path)).includes(text), {
      timeout: 240_000,
      intervals: [2_000],
      message: `${path} ${shown ? 'mostra' : 'não mostra mais'} a avaliação`,
    })
    .toBe(shown);
}

/** Takes the stored session out of the page's storage (as a sign-out in another tab does). */
async function withoutSession(page: Page): Promise<[string, string]> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k)) ?? '';
    const value = localStorage.getItem(key) ?? '';
    localStorage.removeItem(key);
    return [key, value] as [string, string];
  });
}

async function restoreSession(page: Page, [key, value]: [string, string]) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value] as const);
}

async function structuredData(page: Page): Promise<Json> {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(json ?? '{}') as Json;
}

/** Approves the review whose comment is `comment` in the panel, signed in as the moderator. */
async function approveInPanel(browser: Browser, comment: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await open(page, '/admin/avaliacoes');
    await expect(page).toHaveURL(/\/auth\/login\?from=%2Fadmin%2Favaliacoes$/);
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.moderador.email);
    await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.moderador.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin\/avaliacoes$/);
    await expect(page.getByRole('tab', { name: 'Pendentes', selected: true })).toBeVisible();
    const row = page.getByTestId('review-row').filter({ hasText: comment });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Avaliação aprovada.')).toBeVisible();
  } finally {
    await context.close();
  }
}

test('a listing page asks for no script before it is drawn, and signed out asks to sign in to review or report', async ({
  page,
}) => {
  const [withReview] = await publishedReviewPlaces();
  if (!withReview) throw new Error('A semente não tem avaliações aprovadas');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await open(page, withReview.path, 200, { waitUntil: 'load' });
  expect(scripts).toEqual([]);

  const section = page.getByRole('region', { name: 'Avaliações dos visitantes' });
  await expect(section.getByText('Nota do guia')).toBeVisible();
  await expect(section.getByText('Visitantes', { exact: true })).toBeVisible();
  const form = page.getByRole('region', { name: 'Avaliar este lugar' });
  await expect(form.getByText('Entre na sua conta para avaliar este lugar.')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    `/auth/login?from=${encodeURIComponent(withReview.path)}`,
  );

  // The first tap wakes the island and counts: the visitor is asked to sign in.
  const first = section.getByRole('listitem').first();
  await first.getByRole('button', { name: 'Denunciar' }).click();
  await expect(first.getByRole('status')).toHaveText(
    'Entre na sua conta para denunciar uma avaliação. Entrar',
  );
  await expect(first.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    `/auth/login?from=${encodeURIComponent(withReview.path)}`,
  );
});

/** Pages of places with approved reviews (the seed's), with their reviews. */
async function publishedReviewPlaces() {
  const { supabaseUrl, publishableKey } = sharedPortal();
  const response = await fetch(
    `${supabaseUrl}/rest/v1/published_reviews?select=listing_kind,listing_id&listing_kind=eq.hospedagem`,
    { headers: { apikey: publishableKey, authorization: `Bearer ${publishableKey}` } },
  );
  const reviews = (await response.json()) as { listing_id: string }[];
  const lodgings = (await listingRows('hospedagens')) as (ListingRow & { id: string })[];
  return lodgings
    .filter((row) => reviews.some((review) => review.listing_id === row.id))
    .map((row) => ({ path: `/hospedagem/${row.slug}`, row }));
}

test(
  'a visitor reviews a place, the moderator approves it, the page shows it with its aggregateRating, and Denunciar sends it back',
  ANY_VIEWPORT,
  async ({ page, browser }) => {
    test.setTimeout(600_000);
    const visitor = await session();
    const place = await unreviewedLodging(visitor.client);
    const path = `/hospedagem/${place.slug}`;
    const comment = `Atendimento ótimo, quarto limpo e vista para o rio ${Date.now().toString(36)}.`;
    let reviewId = '';
    try {
      await signInInBrowser(page, DEMO_ACCOUNTS.visitante);
      await open(page, path);
      await hydrated(page, 'ReviewForm');
      const form = page.getByRole('region', { name: 'Avaliar este lugar' });
      await expect(form.getByRole('group', { name: 'Sua nota' })).toBeVisible();
      await expectAccessible(page);
      await form.getByRole('radio', { name: '4 de 5 estrelas' }).check();
      await form.getByLabel('Comentário').fill(comment);
      await expect(form.getByText(`${comment.length}/1000`)).toBeVisible();
      await form.getByRole('button', { name: 'Enviar avaliação' }).click();
      const mine = page.getByRole('region', { name: 'Sua avaliação' });
      await expect(
        mine.getByText('Sua avaliação foi enviada e aparecerá depois de aprovada.'),
      ).toBeVisible();
      await expect(mine.getByTestId('review-status')).toHaveText('Pendente');
      await expect(mine.getByText(comment)).toBeVisible();
      const { data: own } = await visitor.client
        .from('reviews')
        .select('id,status,rating,comment')
        .eq('user_id', visitor.userId)
        .eq('listing_id', place.id)
        .single();
      expect(own).toMatchObject({ status: 'pending', rating: 4, comment });
      reviewId = String(own?.id);

      // Back on the page, the visitor sees their own review waiting, with 'Editar'.
      await page.reload();
      await hydrated(page, 'ReviewForm');
      await expect(mine.getByTestId('review-status')).toHaveText('Pendente');
      await expect(mine.getByRole('button', { name: 'Editar' })).toBeVisible();

      await approveInPanel(browser, comment);
      await published(path, comment);

      await page.reload();
      const section = page.getByRole('region', { name: 'Avaliações dos visitantes' });
      const item = section.getByRole('listitem').filter({ hasText: comment });
      await expect(item).toHaveCount(1);
      await expect(item.getByText(DEMO_ACCOUNTS.visitante.fullName)).toBeVisible();
      await expect(item.getByRole('img', { name: '4 de 5 estrelas' })).toBeVisible();
      // Newest first: the review just approved leads the list.
      await expect(section.getByRole('listitem').first()).toContainText(comment);
      const { supabaseUrl, publishableKey } = sharedPortal();
      const ratings = (await (
        await fetch(
          `${supabaseUrl}/rest/v1/published_reviews?select=rating&listing_kind=eq.hospedagem&listing_id=eq.${place.id}`,
          { headers: { apikey: publishableKey, authorization: `Bearer ${publishableKey}` } },
        )
      ).json()) as { rating: number }[];
      const average =
        Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length) * 10) / 10;
      expect((await structuredData(page)).aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: average,
        reviewCount: ratings.length,
        bestRating: 5,
        worstRating: 1,
      });
      await expect(mine.getByTestId('review-status')).toHaveText('Aprovada');

      // 'Denunciar' sends it back to moderation, and the publish takes it off the page.
      await item.getByRole('button', { name: 'Denunciar' }).click();
      await expect(item.getByRole('status')).toHaveText(
        'Obrigado. A avaliação voltará para a moderação.',
      );
      const { data: reported } = await visitor.client
        .from('reviews')
        .select('status,reported_at')
        .eq('id', reviewId)
        .single();
      expect(reported?.status).toBe('pending');
      expect(reported?.reported_at).not.toBeNull();
      await published(path, comment, false);
    } finally {
      if (reviewId) {
        expect((await api(visitor.token, 'DELETE', `/${reviewId}`)).status, 'apagada').toBe(200);
      }
    }
  },
);

test(
  "the profile's 'Minhas avaliações' shows each review with its place, status and reason, and edits and deletes",
  ANY_VIEWPORT,
  async ({ page }) => {
    const visitor = await session();
    const place = await unreviewedLodging(visitor.client);
    const comment = `Café da manhã farto ${Date.now().toString(36)}.`;
    const created = await api(visitor.token, 'POST', '', {
      kind: 'hospedagem',
      listing_id: place.id,
      rating: 3,
      comment,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const review = created.body.review as { id: string; updated_at: string };
    let deleted = false;
    try {
      // The moderator rejects it with a reason the author reads in the profile.
      const moderator = await session(DEMO_ACCOUNTS.moderador);
      const reason = 'O comentário fala de outro lugar.';
      const rejected = await api(moderator.token, 'POST', `/${review.id}/moderation`, {
        status: 'rejected',
        reason,
        seen_updated_at: review.updated_at,
      });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

      await signInInBrowser(page, DEMO_ACCOUNTS.visitante);
      await open(page, '/auth/perfil');
      const section = page.getByRole('region', { name: 'Minhas avaliações' });
      const item = section.getByTestId('my-review').filter({ hasText: comment });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('link', { name: place.name })).toHaveAttribute(
        'href',
        `/hospedagem/${place.slug}`,
      );
      await expect(item.getByRole('img', { name: '3 de 5 estrelas' })).toBeVisible();
      await expect(item.getByTestId('review-status')).toHaveText('Rejeitada');
      await expect(item.getByText(`Motivo: ${reason}`)).toBeVisible();
      await expectAccessible(page);

      await item.getByRole('button', { name: 'Editar' }).click();
      // Said once, beside the form being edited.
      const editNote = 'Ao editar, a avaliação volta para a moderação antes de aparecer de novo.';
      await expect(item.getByText(editNote)).toBeVisible();
      await expect(section.getByText(editNote)).toHaveCount(1);

      // The session ended meanwhile (another tab signed out): sending asks to sign in.
      const stored = await withoutSession(page);
      await item.getByRole('button', { name: 'Enviar avaliação' }).click();
      await expect(item.getByRole('alert')).toHaveText('Entre na sua conta para avaliar.');
      await restoreSession(page, stored);
      await item.getByRole('radio', { name: '5 de 5 estrelas' }).check();
      await item.getByLabel('Comentário').fill(`${comment} Editada.`);
      await item.getByRole('button', { name: 'Enviar avaliação' }).click();
      await expect(
        page.getByText('Sua avaliação foi enviada e aparecerá depois de aprovada.'),
      ).toBeVisible();
      const edited = section.getByTestId('my-review').filter({ hasText: `${comment} Editada.` });
      await expect(edited.getByRole('img', { name: '5 de 5 estrelas' })).toBeVisible();
      // Edited, it waits for moderation again.
      await expect(edited.getByTestId('review-status')).toHaveText('Pendente');

      // 'Excluir' without a session asks to sign in too, and the review stays.
      const storedAgain = await withoutSession(page);
      page.once('dialog', (dialog) => void dialog.accept());
      await edited.getByRole('button', { name: 'Excluir' }).click();
      await expect(page.getByText('Entre na sua conta para avaliar.')).toBeVisible();
      await expect(edited).toHaveCount(1);
      await restoreSession(page, storedAgain);

      page.once('dialog', (dialog) => {
        expect(dialog.message()).toBe('Excluir esta avaliação? Esta ação não pode ser desfeita.');
        void dialog.accept();
      });
      await edited.getByRole('button', { name: 'Excluir' }).click();
      await expect(page.getByText('Avaliação excluída.')).toBeVisible();
      await expect(edited).toHaveCount(0);
      const { data } = await visitor.client.from('reviews').select('id').eq('id', review.id);
      expect(data).toEqual([]);
      deleted = true;
    } finally {
      if (!deleted) await api(visitor.token, 'DELETE', `/${review.id}`);
    }
  },
);
