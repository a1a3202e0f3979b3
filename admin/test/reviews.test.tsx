// @vitest-environment happy-dom
// 'Avaliações' in the panel, against a real db/local (the same migrations, row-level security and
// review_queue view) and the real worker (test/support/worker.ts) over it: a moderator reads the
// queue by tab, approves, rejects with a reason checked at its edges and sends a review to the
// Lixeira, each decision crossing the worker's route with the moderator's own session to the
// function it calls (moderate_review, delete_review, restore_from_trash); the dashboard counts the
// pending ones; an ordinary account is refused. Each case reads what the screen shows and what the
// database then holds.
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, REVIEW_REASON_MAX } from '@guia-fortim/domain';
import { HOSTILE_PAYLOADS, PWNED, packed } from '@guia-fortim/tests/support/hostile-text.ts';
import { QueryClient } from '@tanstack/react-query';
import {
  cleanup,
  configure,
  getDefaultNormalizer,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { AdminContext, Notification } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import type { AdminDataProvider } from '../src/dataProvider.ts';
import { REVIEWS } from '../src/resources.ts';
import { ok, startDatabaseWithOwner, type TestDatabaseWithOwner } from './support/database.ts';
import { startTestWorker, type TestWorker } from './support/worker.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = 'senha-forte-1';
const MODERATOR = { email: 'mario@teste.local', password: PASSWORD };
const VISITOR = { email: 'vera@teste.local', password: PASSWORD };
/** An address where nothing listens: port 9 refuses connections at once. */
const UNREACHABLE = 'http://127.0.0.1:9';
const AUTHORS = ['Bia Souza', 'Caio Lima', 'Duda Reis', 'Enzo Melo', 'Fábio Nunes', 'Gabi Rocha'];

let db: TestDatabaseWithOwner;
let worker: TestWorker;
let panel: Awaited<typeof import('../src/supabase.ts')>['supabase'];
let dataProvider: AdminDataProvider;
let Panel: ComponentType<{ children: ReactNode }>;
let Screens: {
  ReviewList: ComponentType;
  Dashboard: ComponentType;
  Trash: ComponentType;
  AdminMenu: ComponentType;
  AccessGate: ComponentType<{ children: ReactNode }>;
};
const authors: string[] = [];
let pousada: { id: string };
let passeio: { id: string };
let moderatorId: string;

async function account(user: { email: string; password: string }, fullName: string) {
  const created = ok(
    await db.service.auth.admin.createUser({
      ...user,
      email_confirm: true,
      user_metadata: { full_name: fullName },
    }),
    `criar ${fullName}`,
  );
  return created.user?.id as string;
}

async function insertListing(table: string, row: Record<string, unknown>) {
  const [created] = ok(await db.service.from(table).insert(row).select('id'), `inserir ${table}`);
  return created as { id: string };
}

/**
 * A review as it stands in the database, written by its owner: only the worker's functions write
 * reviews through the API, and they take the worker's key and limits.
 */
async function review(
  author: string,
  listing: { kind: 'hospedagem' | 'passeio'; id: string },
  values: { rating: number; comment: string } & Record<string, unknown>,
): Promise<string> {
  const row: Record<string, unknown> = {
    user_id: author,
    listing_kind: listing.kind,
    listing_id: listing.id,
    ...values,
  };
  const columns = Object.keys(row);
  const [created] = await db.owner(
    `insert into public.reviews (${columns.join(', ')})
     values (${columns.map((column, index) => `$${index + 1}::${COLUMN_TYPES[column] ?? 'text'}`).join(', ')})
     returning id`,
    Object.values(row),
  );
  return String(created?.id);
}

const COLUMN_TYPES: Record<string, string> = {
  user_id: 'uuid',
  listing_kind: 'public.listing_kind',
  listing_id: 'uuid',
  rating: 'smallint',
  status: 'public.review_status',
  reported_at: 'timestamptz',
  moderated_at: 'timestamptz',
};

async function stored(id: string) {
  const [row] = ok(
    await db.service.from('reviews').select('status, rejection_reason').eq('id', id),
    'ler avaliação',
  );
  return row as { status: string; rejection_reason: string | null } | undefined;
}

beforeAll(async () => {
  db = await startDatabaseWithOwner();
  worker = await startTestWorker(db, window.location.origin);
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: worker.url });
  moderatorId = await account(MODERATOR, 'Mario Moderador');
  ok(
    await db.service.from('user_roles').update({ role: 'moderator' }).eq('user_id', moderatorId),
    'função moderador',
  );
  await account(VISITOR, 'Vera Visitante');
  for (const [index, name] of AUTHORS.entries()) {
    authors.push(await account({ email: `autor${index}@teste.local`, password: PASSWORD }, name));
  }
  ok(
    await db.service.from('categories').insert({ name: 'Pousada', type: 'hospedagem' }),
    'categoria',
  );
  pousada = await insertListing('hospedagens', {
    slug: 'pousada-do-rio',
    name: 'Pousada do Rio',
    description: 'Quartos com vista para o rio.',
    address: 'Rua da Praia, 1',
    price: 200,
    phone: '5588999990000',
    image_url: '/images/pousada-hero.jpg',
    categorias: ['Pousada'],
  });
  passeio = await insertListing('passeios', {
    slug: 'passeio-de-barco',
    name: 'Passeio de Barco',
    description: 'Passeio de barco.',
    price: 90,
    phone: '5588999990002',
    image_url: '/images/passeio-hero.jpg',
    rating: 4.5,
  });

  panel = (await import('../src/supabase.ts')).supabase;
  dataProvider = (await import('../src/dataProvider.ts')).dataProvider;
  const { authProvider } = await import('../src/authProvider.ts');
  const { i18nProvider } = await import('../src/i18n.ts');
  Panel = ({ children }) => (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={new QueryClient()}
    >
      {children}
      <Notification />
    </AdminContext>
  );
  Screens = {
    ReviewList: (await import('../src/reviews/ReviewList.tsx')).default,
    Dashboard: (await import('../src/dashboard/Dashboard.tsx')).default,
    Trash: (await import('../src/trash/TrashList.tsx')).default,
    AdminMenu: (await import('../src/layout/AdminMenu.tsx')).AdminMenu,
    AccessGate: (await import('../src/AccessGate.tsx')).AccessGate,
  };
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await db?.stop();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await panel.auth.signOut({ scope: 'local' });
});

async function signIn(user: { email: string; password: string }) {
  ok(await panel.auth.signInWithPassword(user), `entrar como ${user.email}`);
}

function showReviews() {
  window.history.replaceState(null, '', `/admin/${REVIEWS}`);
  return render(
    <Panel>
      <Screens.ReviewList />
    </Panel>,
  );
}

/** Where a link leads inside the panel (react-admin's own router here is a hash router). */
const target = (link: HTMLElement) => link.getAttribute('href')?.replace(/^#/, '');

const reviewRows = () => screen.queryAllByTestId('review-row');
const rowWith = async (text: string) =>
  (await screen.findByText(text)).closest('[data-testid="review-row"]') as HTMLElement;
const cellText = (row: HTMLElement, label: string) =>
  (row.querySelector(`td[data-label="${label}"]`)?.textContent ?? '').trim();

async function openTab(label: string) {
  await userEvent.click(screen.getByRole('tab', { name: label }));
  await waitFor(() =>
    expect(screen.getByRole('tab', { name: label, selected: true })).toBeTruthy(),
  );
}

describe("'Avaliações' (/admin/avaliacoes)", () => {
  it('lists each tab: stars, comment, place (a link to its form), author, date; reported ones marked', async () => {
    // Nothing yet: each tab says so.
    await signIn(MODERATOR);
    showReviews();
    expect(await screen.findByText('Nenhuma avaliação esperando moderação.')).toBeTruthy();
    await openTab('Rejeitadas');
    expect(await screen.findByText('Nenhuma avaliação rejeitada.')).toBeTruthy();
    cleanup();

    await review(
      authors[0] as string,
      { kind: 'hospedagem', id: pousada.id },
      {
        rating: 4,
        comment: 'Quarto limpo e café da manhã ótimo.',
      },
    );
    await review(
      authors[1] as string,
      { kind: 'hospedagem', id: pousada.id },
      {
        rating: 2,
        comment: 'Barulho a noite toda.',
        reported_at: new Date().toISOString(),
      },
    );
    await review(
      authors[2] as string,
      { kind: 'passeio', id: passeio.id },
      {
        rating: 5,
        comment: 'Passeio incrível, guia atencioso.',
        status: 'approved',
        moderated_at: new Date().toISOString(),
      },
    );
    await review(
      authors[3] as string,
      { kind: 'passeio', id: passeio.id },
      {
        rating: 1,
        comment: 'Propaganda de outro lugar.',
        status: 'rejected',
        rejection_reason: 'Conteúdo promocional.',
        moderated_at: new Date().toISOString(),
      },
    );
    showReviews();

    expect(screen.getByRole('heading', { level: 1, name: 'Avaliações' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pendentes', selected: true })).toBeTruthy();
    const clean = await rowWith('Quarto limpo e café da manhã ótimo.');
    await waitFor(() => expect(reviewRows()).toHaveLength(2));
    expect(within(clean).getByRole('img', { name: '4 de 5 estrelas' }).textContent).toBe('★★★★☆');
    expect(target(within(clean).getByRole('link', { name: 'Pousada do Rio' }))).toBe(
      `/admin/hospedagens/editar/${pousada.id}`,
    );
    expect(cellText(clean, 'Autor')).toBe(AUTHORS[0]);
    expect(cellText(clean, 'Data')).toContain(new Date().toLocaleDateString('pt-BR'));
    expect(within(clean).queryByText('Denunciada')).toBeNull();
    expect(within(clean).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(within(clean).getByRole('button', { name: 'Rejeitar' })).toBeTruthy();
    expect(within(clean).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    const reported = await rowWith('Barulho a noite toda.');
    expect(within(reported).getByText('Denunciada')).toBeTruthy();
    expect(screen.queryByText('Passeio incrível, guia atencioso.')).toBeNull();

    await openTab('Aprovadas');
    const approved = await rowWith('Passeio incrível, guia atencioso.');
    expect(reviewRows()).toHaveLength(1);
    expect(within(approved).getByRole('img', { name: '5 de 5 estrelas' })).toBeTruthy();
    expect(target(within(approved).getByRole('link', { name: 'Passeio de Barco' }))).toBe(
      `/admin/passeios/editar/${passeio.id}`,
    );
    // Already approved: it may be rejected or deleted, not approved again.
    expect(within(approved).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(within(approved).getByRole('button', { name: 'Rejeitar' })).toBeTruthy();

    await openTab('Rejeitadas');
    const rejected = await rowWith('Propaganda de outro lugar.');
    expect(reviewRows()).toHaveLength(1);
    expect(within(rejected).getByText('Motivo: Conteúdo promocional.')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: 'Rejeitar' })).toBeNull();
    expect(within(rejected).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
  });

  it("'Aprovar': the toast, the review leaves 'Pendentes' and is approved in the database", async () => {
    const id = await review(
      authors[4] as string,
      { kind: 'hospedagem', id: pousada.id },
      {
        rating: 5,
        comment: 'Atendimento excelente na recepção.',
      },
    );
    await signIn(MODERATOR);
    showReviews();
    const row = await rowWith('Atendimento excelente na recepção.');
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(REVIEW_MESSAGES.approved)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Atendimento excelente na recepção.')).toBeNull(),
    );
    // Approved at all: the decision carried the updated_at the row showed, to the microsecond
    // (moderate_review refuses any other: see the case of the author's edit).
    expect(await stored(id)).toEqual({ status: 'approved', rejection_reason: null });
    await openTab('Aprovadas');
    expect(await rowWith('Atendimento excelente na recepção.')).toBeTruthy();
  });

  it("the moderator's own review offers no 'Aprovar' or 'Rejeitar': another staff member decides", async () => {
    await review(
      moderatorId,
      { kind: 'passeio', id: passeio.id },
      { rating: 5, comment: 'Escrevi esta como visitante.' },
    );
    await review(
      authors[5] as string,
      { kind: 'passeio', id: passeio.id },
      { rating: 4, comment: 'Escrita por outra pessoa.' },
    );
    await signIn(MODERATOR);
    showReviews();
    const own = await rowWith('Escrevi esta como visitante.');
    const others = await rowWith('Escrita por outra pessoa.');
    expect(within(others).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(within(others).getByRole('button', { name: 'Rejeitar' })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(within(own).queryByRole('button', { name: 'Rejeitar' })).toBeNull();
    expect(within(own).getByText(REVIEW_MESSAGES.ownReviewNote)).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Excluir' })).toBeTruthy();
  });

  it("'Aprovar' after the author changed the text refuses it and shows the new text", async () => {
    const id = await review(
      authors[4] as string,
      { kind: 'passeio', id: passeio.id },
      { rating: 4, comment: 'Texto que a moderadora leu.' },
    );
    await signIn(MODERATOR);
    showReviews();
    const row = await rowWith('Texto que a moderadora leu.');
    // the author edits while the row is on screen (updated_at moves, as the edit's trigger sets it)
    await db.owner(`update public.reviews set comment = 'Texto que ninguém leu.' where id = $1`, [
      id,
    ]);
    await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
    // the worker's 409 with the function's own words
    expect(await screen.findByText(REVIEW_MESSAGES.changed)).toBeTruthy();
    expect(await stored(id)).toEqual({ status: 'pending', rejection_reason: null });
    expect(await rowWith('Texto que ninguém leu.')).toBeTruthy();
  });

  it("'Rejeitar': a reason is required and at most REVIEW_REASON_MAX characters", async () => {
    const user = userEvent.setup();
    const id = await review(
      authors[5] as string,
      { kind: 'hospedagem', id: pousada.id },
      {
        rating: 1,
        comment: 'Visite o meu hotel em vez deste.',
      },
    );
    await signIn(MODERATOR);
    showReviews();
    const row = await rowWith('Visite o meu hotel em vez deste.');
    await user.click(within(row).getByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar avaliação' });
    const reason = within(dialog).getByLabelText('Motivo') as HTMLTextAreaElement;
    const confirm = within(dialog).getByRole('button', { name: 'Rejeitar' });

    // Blank (spaces only): refused under the field and in a toast, nothing sent.
    await user.type(reason, '   ');
    await user.click(confirm);
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reasonRequired)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText(REVIEW_MESSAGES.reasonRequired)).toHaveLength(2),
    );

    // One character too many: refused.
    await user.clear(reason);
    await user.click(reason);
    await user.paste('M'.repeat(REVIEW_REASON_MAX + 1));
    await user.click(confirm);
    expect(await within(dialog).findByText(REVIEW_MESSAGES.reasonTooLong)).toBeTruthy();
    // Neither reached the worker: the review still waits, undecided.
    expect(await stored(id)).toEqual({ status: 'pending', rejection_reason: null });

    // Exactly the most: sent, the toast, the reason stored, the review in 'Rejeitadas'.
    const longest = `Motivo ${'m'.repeat(REVIEW_REASON_MAX - 7)}`;
    await user.clear(reason);
    await user.click(reason);
    await user.paste(longest);
    await user.click(confirm);
    expect(await screen.findByText(REVIEW_MESSAGES.rejected)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await stored(id)).toEqual({ status: 'rejected', rejection_reason: longest });
    await waitFor(() => expect(screen.queryByText('Visite o meu hotel em vez deste.')).toBeNull());
    await openTab('Rejeitadas');
    const rejected = await rowWith('Visite o meu hotel em vez deste.');
    expect(within(rejected).getByText(`Motivo: ${longest}`)).toBeTruthy();

    // Its history: the one decision (the refused attempts wrote nothing), in the screen's words,
    // read only.
    await user.click(within(rejected).getByRole('button', { name: 'Histórico' }));
    const history = await screen.findByRole('dialog', { name: 'Histórico da avaliação' });
    const entries = await within(history).findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    const [decision, created] = entries as [HTMLElement, HTMLElement];
    expect(decision.textContent).toContain('Editado');
    expect(decision.textContent).toContain(MODERATOR.email);
    expect(decision.textContent).toContain('Situação: Pendente → Rejeitada');
    expect(decision.textContent).toContain('Motivo: (vazio) → Motivo');
    expect(decision.textContent).not.toContain('Moderada');
    expect(created.textContent).toContain('Criado');
    expect(within(history).queryByRole('button', { name: 'Restaurar esta versão' })).toBeNull();
    await user.click(within(history).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refusal shows its Portuguese message and keeps the review where it was', async () => {
    const id = await review(
      authors[0] as string,
      { kind: 'passeio', id: passeio.id },
      {
        rating: 3,
        comment: 'Bom, mas atrasou meia hora.',
      },
    );
    await signIn(MODERATOR);
    // The worker out of reach (nothing listens at the panel's apiUrl): the call fails with the
    // panel's network message.
    setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: UNREACHABLE });
    try {
      showReviews();
      const row = await rowWith('Bom, mas atrasou meia hora.');
      await userEvent.click(within(row).getByRole('button', { name: 'Aprovar' }));
      expect(await screen.findByText('Não foi possível aprovar a avaliação.')).toBeTruthy();
      expect(
        screen.getByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
      ).toBeTruthy();
      await waitFor(() =>
        expect(
          (within(row).getByRole('button', { name: 'Aprovar' }) as HTMLButtonElement).disabled,
        ).toBe(false),
      );
      expect(screen.getByText('Bom, mas atrasou meia hora.')).toBeTruthy();
      expect(await stored(id)).toEqual({ status: 'pending', rejection_reason: null });
    } finally {
      setPanelConfig({
        supabaseUrl: db.url,
        publishableKey: db.publishableKey,
        apiUrl: worker.url,
      });
    }
  });

  it("'Excluir': asks, sends the review to the Lixeira, which names it an 'Avaliação'", async () => {
    const user = userEvent.setup();
    const id = await review(
      authors[1] as string,
      { kind: 'passeio', id: passeio.id },
      {
        rating: 4,
        comment: 'Comentário que vai para a lixeira.',
      },
    );
    await signIn(MODERATOR);
    showReviews();
    const row = await rowWith('Comentário que vai para a lixeira.');
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir avaliação?')).toBeTruthy();
    expect(dialog.textContent).toContain(
      `A avaliação de ${AUTHORS[1]} fica na Lixeira por 30 dias`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(REVIEW_MESSAGES.trashed)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Comentário que vai para a lixeira.')).toBeNull(),
    );
    expect(await stored(id)).toBeUndefined();
    const trashed = ok(
      await panel.from('trash').select('table_name, row_id').eq('row_id', id),
      'lixeira',
    );
    expect(trashed).toEqual([{ table_name: 'reviews', row_id: id }]);
    cleanup();

    window.history.replaceState(null, '', '/admin/lixeira');
    render(
      <Panel>
        <Screens.Trash />
      </Panel>,
    );
    const item = (await screen.findAllByTestId('trash-row')).find((one) =>
      (one.textContent ?? '').startsWith('Avaliação'),
    );
    expect(item?.querySelector('td[data-label="Tipo"]')?.textContent).toBe('Avaliação');
    expect(item?.querySelector('td[data-label="Nome"]')?.textContent).toBe(
      '4★ de Passeio de Barco',
    );
    expect(item?.querySelector('td[data-label="Excluído por"]')?.textContent).toContain(
      MODERATOR.email,
    );
  });

  it("'Desfazer' after 'Excluir' brings the review back to its tab, through the Lixeira", async () => {
    const user = userEvent.setup();
    const id = await review(
      authors[3] as string,
      { kind: 'hospedagem', id: pousada.id },
      { rating: 2, comment: 'Excluída por engano.' },
    );
    await signIn(MODERATOR);
    showReviews();
    const row = await rowWith('Excluída por engano.');
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText(REVIEW_MESSAGES.trashed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Excluída por engano.')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await screen.findByText('Avaliação “2★ de Pousada do Rio” restaurada')).toBeTruthy();
    expect(await rowWith('Excluída por engano.')).toBeTruthy();
    expect(await stored(id)).toEqual({ status: 'pending', rejection_reason: null });
    // out of the Lixeira again
    expect(ok(await panel.from('trash').select('id').eq('row_id', id), 'lixeira')).toEqual([]);
  });

  it("a hostile comment and author's name render as text, never as markup", async () => {
    const comment = packed(REVIEW_COMMENT_MAX);
    const pwned = vi.fn();
    (window as unknown as Record<string, unknown>)[PWNED] = pwned;
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const hostileAuthor = await account(
      { email: 'hostil@teste.local', password: PASSWORD },
      HOSTILE_PAYLOADS[1]?.text ?? '',
    );
    const id = await review(
      hostileAuthor,
      { kind: 'passeio', id: passeio.id },
      {
        rating: 3,
        comment,
      },
    );
    await signIn(MODERATOR);
    showReviews();
    // The comment exactly as written: its double spaces and invisible characters kept.
    const exactly = {
      normalizer: getDefaultNormalizer({ trim: false, collapseWhitespace: false }),
    };
    const row = (await screen.findByText(comment, exactly)).closest(
      '[data-testid="review-row"]',
    ) as HTMLElement;
    expect(cellText(row, 'Autor')).toBe(HOSTILE_PAYLOADS[1]?.text.trim());
    // Nothing the text holds became an element of the page.
    expect(row.querySelector('script, img, svg, iframe, a[href^="javascript"]')).toBeNull();
    expect(document.querySelector('script, iframe')).toBeNull();
    expect(pwned).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    // Out of the queue the next tests count.
    await db.owner('delete from public.reviews where id = $1', [id]);
  });
});

describe("the dashboard's 'Avaliações pendentes'", () => {
  it('counts the reviews waiting and leads to /admin/avaliacoes', async () => {
    await signIn(MODERATOR);
    const { count } = await panel
      .from('review_queue')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'pending');
    window.history.replaceState(null, '', '/admin/dashboard');
    render(
      <Panel>
        <Screens.Dashboard />
      </Panel>,
    );
    const card = await screen.findByTestId(`count-${REVIEWS}`);
    expect(within(card).getByText('Avaliações pendentes')).toBeTruthy();
    await waitFor(() =>
      expect(within(card).getByLabelText('Total de Avaliações pendentes').textContent).toBe(
        String(count),
      ),
    );
    expect(count).toBeGreaterThan(0);
    expect(target(within(card).getByRole('link', { name: 'Gerenciar' }))).toBe('/admin/avaliacoes');
    // One more review waits: counted the next time the dashboard opens.
    cleanup();
    await review(
      authors[2] as string,
      { kind: 'hospedagem', id: pousada.id },
      {
        rating: 4,
        comment: 'Mais uma avaliação na fila.',
      },
    );
    render(
      <Panel>
        <Screens.Dashboard />
      </Panel>,
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Total de Avaliações pendentes').textContent).toBe(
        String((count ?? 0) + 1),
      ),
    );
  });
});

describe('who moderates', () => {
  it("a moderator's menu holds 'Avaliações'", async () => {
    await signIn(MODERATOR);
    render(
      <Panel>
        <Screens.AdminMenu />
      </Panel>,
    );
    const menu = await screen.findByRole('navigation', { name: 'Menu do painel' });
    expect(target(await within(menu).findByRole('link', { name: 'Avaliações' }))).toBe(
      '/admin/avaliacoes',
    );
  });

  it("an ordinary account gets 'Acesso Negado' and reads no review of the queue", async () => {
    await signIn(VISITOR);
    render(
      <Panel>
        <Screens.AccessGate>
          <Screens.ReviewList />
        </Screens.AccessGate>
      </Panel>,
    );
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Pendentes' })).toBeNull();
    const { total } = await dataProvider.getList(REVIEWS, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'pending' },
    });
    expect(total).toBe(0);
  });
});
