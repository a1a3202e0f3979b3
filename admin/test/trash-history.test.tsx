// @vitest-environment happy-dom
// Nothing an admin does is lost, in the panel: the Lixeira, the history under a form,
// the dashboard's recent activity and the undoable deletes and quick edits. A real db/local (the
// same migrations, triggers and row-level security) holds the rows, and the real worker
// (test/support/worker.ts) runs over it: 'Restaurar', 'Excluir definitivamente', 'Restaurar esta
// versão', the settings' save, a listing's delete and quick edit cross the worker's routes with
// the admin's own session to the functions it calls (restore_from_trash, purge_from_trash,
// restore_version). The fixtures' own changes are made through PostgREST with the admin's session,
// so the trash and the history record them as the triggers do for the worker. Each case reads
// what the screen shows and what the database then holds; where a case is about the worker out of
// reach, the panel's apiUrl points at a closed port for that case alone.
import { type ListingResource, MESSAGES, SETTINGS_DEFAULTS } from '@guia-fortim/domain';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
// react-admin's own react-router-dom: under vitest the panel's 'react-router' import is another
// module instance, whose router react-admin would not see.
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { CATEGORIES, SLIDES } from '../src/resources.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';
import { signedInPanel } from './support/panel.tsx';
import { resourceScreen } from './support/resourceScreen.tsx';
import { startTestWorker, type TestWorker } from './support/worker.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };
const PLACEMENT = { is_featured: false, featured_order: 0, is_pinned: false, pin_order: 0 };
/** An address where nothing listens: port 9 refuses connections at once. */
const UNREACHABLE = 'http://127.0.0.1:9';

let db: TestDatabase;
let worker: TestWorker;
let Admin: ComponentType<{ children: ReactNode }>;
// The panel's supabase-js client, signed in as the admin (typed loosely: no generated types).
let panel: Awaited<typeof import('../src/supabase.ts')>['supabase'];
let Screens: {
  Trash: ComponentType;
  Dashboard: ComponentType;
  Carousel: ComponentType;
  Categories: ComponentType;
  SiteSettings: ComponentType;
  ListingList: ComponentType;
  ListingEdit: ComponentType<{ kind: ListingResource }>;
  HistoryPanel: typeof import('../src/history/HistoryPanel.tsx')['HistoryPanel'];
};
let labels: Record<string, string>;

let serial = 0;
function hospedagem(name: string, extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    slug: `h-${serial}`,
    name,
    description: 'Quartos com vista para o rio.',
    address: 'Rua da Praia, 1',
    price: 200,
    phone: '5588999990000',
    image_url: '/images/pousada-hero.jpg',
    categorias: ['Pousada'],
    ...PLACEMENT,
    ...extra,
  };
}

function comercio(name: string) {
  serial += 1;
  return {
    slug: `c-${serial}`,
    name,
    description: 'Comida regional.',
    address: 'Rua do Comércio, 1',
    phone: '5588999990001',
    image_url: '/images/comercio-hero.jpg',
    rating: 4.5,
    ...PLACEMENT,
  };
}

function passeio(name: string) {
  serial += 1;
  return {
    slug: `p-${serial}`,
    name,
    description: 'Passeio de barco.',
    price: 90,
    phone: '5588999990002',
    image_url: '/images/passeio-hero.jpg',
    rating: 4.5,
    ...PLACEMENT,
  };
}

/** Fixture rows, as the database's owner would add them (their history says 'Sistema'). */
async function insert<T extends { name: string }>(table: string, row: T): Promise<{ id: string }> {
  const [created] = ok(
    await db.service.from(table).insert(row).select('id'),
    `inserir ${row.name}`,
  );
  return created as { id: string };
}

/** A fixture's change made by the admin through PostgREST with the admin's own session (the
 * triggers record it as the admin's, as they do the worker's). */
async function asAdmin<T>(
  answer: PromiseLike<{ data: T; error: unknown; status?: number }>,
  what: string,
) {
  return ok(await answer, what);
}

beforeAll(async () => {
  db = await startDatabase();
  worker = await startTestWorker(db, window.location.origin);
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: worker.url });
  const created = ok(
    await db.service.auth.admin.createUser({
      email: ADMIN.email,
      password: ADMIN.password,
      email_confirm: true,
      user_metadata: { full_name: 'Ana Administradora' },
    }),
    'criar admin',
  );
  ok(
    await db.service.from('user_roles').insert({ user_id: created.user?.id, role: 'admin' }),
    'função admin',
  );
  ok(
    await db.service
      .from('categories')
      .insert({ name: 'Pousada', type: 'hospedagem', order_position: 1 }),
    'categoria',
  );

  ({ supabase: panel, Admin } = await signedInPanel(ADMIN));
  Screens = {
    Trash: (await import('../src/trash/TrashList.tsx')).default,
    Dashboard: (await import('../src/dashboard/Dashboard.tsx')).default,
    Carousel: resourceScreen(SLIDES, (await import('../src/carousel/index.ts')).default),
    Categories: resourceScreen(CATEGORIES, (await import('../src/categories/index.ts')).default),
    SiteSettings: (await import('../src/settings/SiteSettings.tsx')).default,
    ListingList: (await import('../src/listings/ListingList.tsx')).default,
    ListingEdit: (await import('../src/listings/ListingForm.tsx')).ListingEdit,
    HistoryPanel: (await import('../src/history/HistoryPanel.tsx')).HistoryPanel,
  };
  labels = (await import('../src/fieldLabels.ts')).LISTING_COLUMN_LABELS;
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await db?.stop();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The browser's confirm before a listing's delete, answered 'OK' (happy-dom has none). */
function confirmAnswersOk() {
  const confirm = vi.fn(() => true);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

/** The address of a request, whether given as a string, a URL or a Request. */
const addressOf = (input: Parameters<typeof fetch>[0]) =>
  input instanceof Request ? input.url : String(input);

/**
 * The requests the panel sent to the worker at `origin` (the running worker unless told), as
 * method, address and body. The spy calls through: the network is not changed.
 */
function workerRequests(origin = worker.url) {
  const requests = vi.spyOn(globalThis, 'fetch');
  return () =>
    requests.mock.calls
      .filter(([input]) => addressOf(input).startsWith(`${origin}/api/`))
      .map(([input, init]) => [
        init?.method ?? (input instanceof Request ? input.method : 'GET'),
        addressOf(input),
        init?.body,
      ]);
}

/**
 * A slow network for the requests whose address holds `path`: each waits until `release()`, then
 * goes to the worker as sent. The others go at once. Called before workerRequests (whose spy is
 * then this one, and records these requests too).
 */
function holdRequests(path: string) {
  const network = globalThis.fetch.bind(globalThis);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (addressOf(input).includes(path)) await released;
    return network(input, init);
  });
  return release;
}

/** `run` with the worker out of reach: the panel's apiUrl at a closed port, then back. */
async function withWorkerOutOfReach(run: () => Promise<void>) {
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: UNREACHABLE });
  try {
    await run();
  } finally {
    setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: worker.url });
  }
}

/** Every stored setting, by key, read as the database's owner would. */
async function storedSettings() {
  const rows = ok(
    await db.service.from('site_settings').select('setting_key, setting_value'),
    'ler configurações',
  ) as { setting_key: string; setting_value: string }[];
  return Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value]));
}

/** The rows of `table` whose id is `id`, read as the database's owner would (past RLS). */
async function storedRow(table: string, id: string | undefined, columns: string) {
  return ok(await db.service.from(table).select(columns).eq('id', id), `ler ${table}`);
}

function showTrash() {
  window.history.replaceState(null, '', '/admin/lixeira');
  return render(
    <Admin>
      <Screens.Trash />
    </Admin>,
  );
}

const trashRows = () => screen.queryAllByTestId('trash-row');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');

describe('Lixeira (/admin/lixeira)', () => {
  it('lists what was deleted, newest first: what, name, who, when, days left; restores and purges', async () => {
    const user = userEvent.setup();
    showTrash();
    expect(await screen.findByText('A lixeira está vazia.')).toBeTruthy();
    expect(
      screen.getByText(/ficam aqui por 30 dias.*excluídos definitivamente, com as suas fotos/),
    ).toBeTruthy();
    cleanup();

    // A featured lodging, then a slide (not the carousel's last one), deleted by the admin.
    const pousada = await insert(
      'hospedagens',
      hospedagem('Pousada Lixeira', { is_featured: true }),
    );
    const [slide] = ok(
      await db.service
        .from('carousel_slides')
        .insert(
          ['Slide Lixeira', 'Slide que fica'].map((title, index) => ({
            title,
            subtitle: 'Dunas',
            image_url: '/images/dunas-hero.jpg',
            order_position: index + 1,
          })),
        )
        .select('id'),
      'slides',
    ) as { id: string }[];
    if (!slide) throw new Error('sem slide');
    await asAdmin(panel.from('hospedagens').delete().eq('id', pousada.id), 'excluir pousada');
    await asAdmin(panel.from('carousel_slides').delete().eq('id', slide.id), 'excluir slide');
    // Meanwhile four others were featured: the lodging cannot return to Destaques.
    for (let order = 0; order < 4; order++) {
      await insert(
        'hospedagens',
        hospedagem(`Destaque ${order}`, { is_featured: true, featured_order: order }),
      );
    }

    // The restore takes a while on the way to the worker: the button says so and cannot be
    // clicked twice.
    const finishRestore = holdRequests('/restore');
    const sent = workerRequests();
    showTrash();
    await waitFor(() => expect(trashRows()).toHaveLength(2));
    const [first, second] = trashRows() as [HTMLElement, HTMLElement];
    const today = new Date().toLocaleDateString('pt-BR');
    expect(cells(first).slice(0, 5)).toEqual([
      'Slide',
      'Slide Lixeira',
      ADMIN.email,
      expect.stringMatching(new RegExp(`^${today.replace(/\//g, '\\/')}`)),
      'em 30 dias',
    ]);
    expect(cells(second).slice(0, 3)).toEqual(['Hospedagem', 'Pousada Lixeira', ADMIN.email]);
    const items = ok(
      await panel.from('trash').select('id, row_id').order('deleted_at', { ascending: true }),
      'lixeira',
    ) as { id: string; row_id: string }[];
    expect(items.map((item) => item.row_id)).toEqual([pousada.id, slide.id]);
    const [pousadaItem, slideItem] = items as [(typeof items)[0], (typeof items)[0]];

    // Restaurar: one click, progress while it runs, a toast naming the item and the notice.
    await user.click(within(second).getByRole('button', { name: 'Restaurar' }));
    const pending = await within(second).findByRole('button', { name: 'Restaurando...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(second).getByRole('button', { name: 'Excluir definitivamente' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    // Not restored yet: the request has not reached the worker.
    expect(await storedRow('hospedagens', pousada.id, 'id')).toEqual([]);
    finishRestore();
    expect(await screen.findByText('Hospedagem “Pousada Lixeira” restaurada')).toBeTruthy();
    expect(screen.getByText(/^Não voltou aos destaques: já há 4 itens em destaque/)).toBeTruthy();
    await waitFor(() => expect(trashRows()).toHaveLength(1));
    expect(sent()).toEqual([
      ['POST', `${worker.url}/api/trash/${pousadaItem.id}/restore`, undefined],
    ]);
    expect(await storedRow('hospedagens', pousada.id, 'name, is_featured')).toEqual([
      { name: 'Pousada Lixeira', is_featured: false },
    ]);
    expect(ok(await panel.from('trash').select('id'), 'lixeira').map((item) => item.id)).toEqual([
      slideItem.id,
    ]);

    // Excluir definitivamente: asks first, says it cannot be undone and that the photos go too.
    const [last] = trashRows() as [HTMLElement];
    await user.click(within(last).getByRole('button', { name: 'Excluir definitivamente' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Excluir definitivamente?')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'O slide “Slide Lixeira” será excluído para sempre, com as suas fotos. Esta ação não pode ser desfeita.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing sent: the slide still waits in the Lixeira.
    expect(sent()).toHaveLength(1);
    expect(ok(await panel.from('trash').select('id'), 'lixeira').map((item) => item.id)).toEqual([
      slideItem.id,
    ]);

    await user.click(within(last).getByRole('button', { name: 'Excluir definitivamente' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Excluir definitivamente',
      }),
    );
    expect(await screen.findByText('Slide “Slide Lixeira” excluído definitivamente')).toBeTruthy();
    expect(await screen.findByText('A lixeira está vazia.')).toBeTruthy();
    expect(sent().slice(1)).toEqual([
      ['DELETE', `${worker.url}/api/trash/${slideItem.id}`, undefined],
    ]);
    expect(ok(await panel.from('trash').select('id'), 'lixeira')).toEqual([]);
    expect(await storedRow('carousel_slides', slide.id, 'id')).toEqual([]);
  });

  it('a restore the worker refuses says why and keeps the item in the list', async () => {
    const user = userEvent.setup();
    const bar = await insert('comercios', comercio('Bar Recusado'));
    await asAdmin(panel.from('comercios').delete().eq('id', bar.id), 'excluir bar');
    // The worker out of reach: the call fails with the panel's network message.
    await withWorkerOutOfReach(async () => {
      showTrash();
      const row = await screen.findByTestId('trash-row');
      await user.click(within(row).getByRole('button', { name: 'Restaurar' }));
      expect(await screen.findByText('Não foi possível restaurar o item.')).toBeTruthy();
      expect(
        screen.getByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
      ).toBeTruthy();
      expect(within(row).getByRole('button', { name: 'Restaurar' })).toBeTruthy();
      expect(trashRows()).toHaveLength(1);
    });
    // Still in the Lixeira, not back among the comércios.
    expect(await storedRow('comercios', bar.id, 'id')).toEqual([]);
    const [item] = ok(await panel.from('trash').select('id, row_id'), 'lixeira') as {
      id: string;
      row_id: string;
    }[];
    expect(item?.row_id).toBe(bar.id);
    // Leave the trash empty for the other cases.
    await asAdmin(panel.rpc('purge_from_trash', { trash_id: item?.id }), 'limpar');
  });
});

/** A screen at its address, in a data router as in the panel (links are real paths). */
function showAt(route: string, address: string, screenElement: ReactNode) {
  const router = createMemoryRouter([{ path: route, element: <Admin>{screenElement}</Admin> }], {
    initialEntries: [address],
  });
  return render(<RouterProvider router={router} />);
}

/** A listing's edit screen at /admin/{kind}/editar/:id. */
function showEdit(kind: ListingResource, id: string) {
  return showAt(
    '/admin/:kind/editar/:id',
    `/admin/${kind}/editar/${id}`,
    <Screens.ListingEdit kind={kind} />,
  );
}

const entries = () => screen.queryAllByTestId('history-entry');

describe('Histórico', () => {
  it('lists each change newest first, field old → new; restoring a version refills the form', async () => {
    const user = userEvent.setup();
    const { id } = await insert('passeios', passeio('Passeio do Rio'));
    await asAdmin(
      panel.from('passeios').update({ name: 'Passeio do Rio Azul' }).eq('id', id),
      'primeira edição',
    );
    await asAdmin(panel.from('passeios').update({ rating: 4.8 }).eq('id', id), 'segunda edição');
    const sent = workerRequests();

    showEdit('passeios', id);
    expect(await screen.findByRole('heading', { name: 'Histórico' })).toBeTruthy();
    await waitFor(() => expect(entries()).toHaveLength(3));
    const [rating, name, created] = entries() as [HTMLElement, HTMLElement, HTMLElement];
    expect(rating.textContent).toContain('Editado');
    expect(rating.textContent).toContain(ADMIN.email);
    expect(rating.textContent).toContain('Avaliação (0 a 5): 4,5 → 4,8');
    expect(name.textContent).toContain('Nome: Passeio do Rio → Passeio do Rio Azul');
    expect(created.textContent).toMatch(/^CriadoSistema/);
    // The newest is the current version: nothing to restore there.
    expect(within(rating).getByText('Versão atual')).toBeTruthy();
    expect(within(rating).queryByRole('button', { name: 'Restaurar esta versão' })).toBeNull();
    expect(within(name).getByRole('button', { name: 'Restaurar esta versão' })).toBeTruthy();
    expect(within(created).getByRole('button', { name: 'Restaurar esta versão' })).toBeTruthy();
    expect(((await screen.findByLabelText('Avaliação (0 a 5)')) as HTMLInputElement).value).toBe(
      '4.8',
    );

    // The version before the rating changed: asks first, then the form shows it.
    await user.click(within(name).getByRole('button', { name: 'Restaurar esta versão' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(`por ${ADMIN.email}`);
    expect(dialog.textContent).toContain(
      'Alterações ainda não salvas no formulário serão descartadas.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Restaurar' }));
    expect(await screen.findByText('Versão restaurada')).toBeTruthy();
    expect(sent().map(([method, address]) => [method, address])).toEqual([
      ['POST', expect.stringMatching(new RegExp(`^${worker.url}/api/history/[^/]+/restore$`))],
    ]);
    expect(await storedRow('passeios', id, 'name, rating')).toEqual([
      { name: 'Passeio do Rio Azul', rating: 4.5 },
    ]);
    await waitFor(() =>
      expect((screen.getByLabelText('Avaliação (0 a 5)') as HTMLInputElement).value).toBe('4.5'),
    );
    expect((screen.getByLabelText('Nome *') as HTMLInputElement).value).toBe('Passeio do Rio Azul');
    await waitFor(() => expect(entries()).toHaveLength(4));
    const [reverted] = entries() as [HTMLElement];
    expect(reverted.textContent).toContain('Versão restaurada');
    expect(reverted.textContent).toContain('Avaliação (0 a 5): 4,8 → 4,5');
    expect(within(reverted).getByText('Versão atual')).toBeTruthy();
  });

  it("shows 10 entries, then 'Ver mais'; a failed restore says why", async () => {
    const user = userEvent.setup();
    const { id } = await insert('passeios', passeio('Passeio Longo'));
    for (let n = 1; n <= 11; n++) {
      await asAdmin(
        panel
          .from('passeios')
          .update({ duracao: `${n} horas` })
          .eq('id', id),
        `edição ${n}`,
      );
    }
    render(
      <Admin>
        <Screens.HistoryPanel table="passeios" rowId={id} fieldLabels={labels} />
      </Admin>,
    );
    await waitFor(() => expect(entries()).toHaveLength(10));
    expect(entries()[0]?.textContent).toContain('Duração: 10 horas → 11 horas');
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(entries()).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Ver mais' })).toBeNull();

    // The worker out of reach: the call fails, and the panel says so in Portuguese.
    await withWorkerOutOfReach(async () => {
      await user.click(
        within(entries()[1] as HTMLElement).getByRole('button', {
          name: 'Restaurar esta versão',
        }),
      );
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restaurar' }),
      );
      expect(await screen.findByText('Não foi possível restaurar esta versão.')).toBeTruthy();
      expect(
        screen.getByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
      ).toBeTruthy();
      // Nothing changed: the same entries, the button ready again once the dialog has gone.
      expect(
        await within(entries()[1] as HTMLElement).findByRole('button', {
          name: 'Restaurar esta versão',
        }),
      ).toBeTruthy();
      expect(entries()).toHaveLength(12);
    });
    expect(await storedRow('passeios', id, 'duracao')).toEqual([{ duracao: '11 horas' }]);
  });
});

describe('Histórico of a long text', () => {
  it('an edit near the end of a description shows the part that changed; both whole on demand', async () => {
    const user = userEvent.setup();
    const opening =
      'Passeio de barco pelo Rio Jaguaribe até o encontro com o mar, com parada para banho. ';
    const before = `${opening.repeat(4)}Saída às 8h do cais.`;
    const after = before.replace('8h', '9h');
    const { id } = await insert('passeios', {
      ...passeio('Passeio Comprido'),
      description: before,
    });
    await asAdmin(
      panel.from('passeios').update({ description: after }).eq('id', id),
      'editar descrição',
    );
    render(
      <Admin>
        <Screens.HistoryPanel table="passeios" rowId={id} fieldLabels={labels} />
      </Admin>,
    );
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [edited] = entries() as [HTMLElement];
    expect(edited.textContent).toContain(
      'Descrição: …parada para banho. Saída às 8h do cais. → …parada para banho. Saída às 9h do cais.',
    );
    expect(edited.textContent).not.toContain(before);
    await user.click(within(edited).getByRole('button', { name: 'Ver texto completo' }));
    const whole = within(edited).getAllByRole('definition');
    expect(whole.map((side) => side.textContent)).toEqual([before, after]);
    await user.click(within(edited).getByRole('button', { name: 'Ocultar texto completo' }));
    expect(within(edited).queryAllByRole('definition')).toEqual([]);
  });
});

describe('Histórico on the other edit screens', () => {
  it('a slide being edited: its history, and a restored version fills the form', async () => {
    const user = userEvent.setup();
    const [slide] = ok(
      await db.service
        .from('carousel_slides')
        .insert({
          title: 'Dunas ao sol',
          subtitle: 'Buggy',
          image_url: '/images/dunas-hero.jpg',
          order_position: 3,
        })
        .select('id'),
      'slide',
    ) as { id: string }[];
    await asAdmin(
      panel.from('carousel_slides').update({ title: 'Dunas à tarde' }).eq('id', slide?.id),
      'editar slide',
    );
    render(
      <Admin>
        <Screens.Carousel />
      </Admin>,
    );
    const row = (await screen.findAllByTestId('slide-row')).find((item) =>
      item.textContent?.includes('Dunas à tarde'),
    ) as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [edited, created] = entries() as [HTMLElement, HTMLElement];
    expect(edited.textContent).toContain('Título: Dunas ao sol → Dunas à tarde');
    await user.click(within(created).getByRole('button', { name: 'Restaurar esta versão' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restaurar' }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Título *') as HTMLInputElement).value).toBe('Dunas ao sol'),
    );
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(await storedRow('carousel_slides', slide?.id, 'title')).toEqual([
      { title: 'Dunas ao sol' },
    ]);
  });

  it('a category being edited: its history in the dialog, and a restored name fills the field', async () => {
    const user = userEvent.setup();
    const [category] = ok(
      await db.service
        .from('categories')
        .insert({ name: 'Praia do Farol', type: 'hospedagem' })
        .select('id'),
      'categoria',
    ) as { id: string }[];
    await asAdmin(
      panel.from('categories').update({ name: 'Praia do Canto' }).eq('id', category?.id),
      'renomear categoria',
    );
    render(
      <Admin>
        <Screens.Categories />
      </Admin>,
    );
    const item = (await screen.findAllByRole('listitem')).find((li) =>
      li.textContent?.includes('Praia do Canto'),
    ) as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [renamed, created] = entries() as [HTMLElement, HTMLElement];
    expect(renamed.textContent).toContain('Praia do Farol → Praia do Canto');
    await user.click(within(created).getByRole('button', { name: 'Restaurar esta versão' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restaurar esta versão?' })).getByRole(
        'button',
        { name: 'Restaurar' },
      ),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Nome da Categoria') as HTMLInputElement).value).toBe(
        'Praia do Farol',
      ),
    );
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(await storedRow('categories', category?.id, 'name')).toEqual([
      { name: 'Praia do Farol' },
    ]);
  });

  it("site settings: the retention field, checked by the domain's rule; the settings' history", async () => {
    const user = userEvent.setup();
    await asAdmin(
      panel
        .from('site_settings')
        .update({ setting_value: 'oi@fortim.br' })
        .eq('setting_key', 'contact_email'),
      'editar e-mail',
    );
    const before = await storedSettings();
    const sent = workerRequests();
    render(
      <Admin>
        <Screens.SiteSettings />
      </Admin>,
    );
    const days = (await screen.findByLabelText(
      'Guardar o histórico de alterações por (dias)',
    )) as HTMLInputElement;
    expect(days.value).toBe('365');
    expect(screen.getByText(/ficam na Lixeira por 30 dias/)).toBeTruthy();
    await user.clear(days);
    await user.type(days, '10');
    const card = days.closest('.MuiCard-root') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Erro ao salvar configurações')).toBeTruthy();
    expect(screen.getAllByText('Informe um número de dias entre 30 e 3650.').length).toBe(2);
    // Refused in the panel: nothing went to the worker, nothing changed in the database.
    expect(sent()).toEqual([]);
    expect(await storedSettings()).toEqual(before);
    // The history names the setting by its field's label.
    await waitFor(() =>
      expect(
        entries().some((entry) =>
          entry.textContent?.includes(
            'E-mail de contato: contato@guiafortim.com.br → oi@fortim.br',
          ),
        ),
      ).toBe(true),
    );
  });

  it('site settings: a card sends its own fields only, trimmed; a blank text field is sent blank', async () => {
    const user = userEvent.setup();
    const before = await storedSettings();
    const sent = workerRequests();
    render(
      <Admin>
        <Screens.SiteSettings />
      </Admin>,
    );
    const phone = (await screen.findByLabelText('Telefone de contato')) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '  +55 (88) 98888-0000  ');
    const email = (screen.getByLabelText('E-mail de contato') as HTMLInputElement).value;
    const address = screen.getByLabelText('Endereço') as HTMLInputElement;
    await user.clear(address);
    // Typed in another card, not saved with this one.
    await user.type(screen.getByLabelText('Menu: Mapa'), ' Mapa da cidade');
    const card = phone.closest('.MuiCard-root') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas com sucesso!')).toBeTruthy();
    const saved = {
      contact_email: email,
      contact_phone: '+55 (88) 98888-0000',
      contact_address: '',
      site_description: SETTINGS_DEFAULTS.site_description,
    };
    expect(
      sent().map(([method, address, body]) => [method, address, JSON.parse(String(body))]),
    ).toEqual([['PUT', `${worker.url}/api/settings`, saved]]);
    expect(phone.value).toBe('  +55 (88) 98888-0000  ');
    // The database holds this card's values, and the other card's setting as it was.
    expect(await storedSettings()).toEqual({ ...before, ...saved });
  });
});

describe('Dashboard: Atividade recente', () => {
  it('the latest changes: who, what, which item, when, each linking to where it is', async () => {
    const { id: passeioId } = await insert('passeios', passeio('Passeio da Foz'));
    await asAdmin(
      panel.from('passeios').update({ name: 'Passeio da Foz do Rio' }).eq('id', passeioId),
      'editar passeio',
    );
    const { id: pousadaId } = await insert('hospedagens', hospedagem('Pousada Recente'));
    await asAdmin(panel.from('hospedagens').delete().eq('id', pousadaId), 'excluir pousada');

    showAt('/admin/dashboard', '/admin/dashboard', <Screens.Dashboard />);
    expect(await screen.findByRole('heading', { name: 'Atividade recente' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(10));
    const [deleted, created, edited] = screen.getAllByTestId('activity-entry') as HTMLElement[];
    expect(deleted?.textContent).toMatch(
      /^ana@teste\.local enviou para a lixeira a hospedagem “Pousada Recente”(agora mesmo|há \d+ minutos?)$/,
    );
    expect(
      within(deleted as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/admin/lixeira');
    expect(created?.textContent).toMatch(/^Sistema criou a hospedagem “Pousada Recente”/);
    expect(edited?.textContent).toMatch(
      /^ana@teste\.local editou o passeio “Passeio da Foz do Rio”/,
    );
    expect(
      within(edited as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/admin/passeios/editar/${passeioId}`);
    expect(screen.getByRole('link', { name: 'Ver lixeira' }).getAttribute('href')).toBe(
      '/admin/lixeira',
    );
    const [trashed] = ok(await panel.from('trash').select('id'), 'lixeira') as { id: string }[];
    await asAdmin(panel.rpc('purge_from_trash', { trash_id: trashed?.id }), 'limpar');
  });
});

function showListing(resource: string) {
  window.history.replaceState(null, '', `/admin/${resource}`);
  return render(
    <Admin>
      <ResourceContextProvider value={resource}>
        <Screens.ListingList />
      </ResourceContextProvider>
    </Admin>,
  );
}

const rowOf = (name: string) =>
  screen.queryAllByTestId('listing-row').find((row) => row.textContent?.includes(name));

// Deletes and quick edits are saved at once, and their notification says so only once the worker
// has saved them ('Desfazer' then undoes through the Lixeira or a reverse write: the browser
// suite shows it). Where the worker is out of reach, the first notification is the refusal, never
// a success that a later failure contradicts.
describe('saved at once', () => {
  it('Excluir goes to the worker at once; its refusal is the first thing said and the row stays', async () => {
    const user = userEvent.setup();
    const { id } = await insert('comercios', comercio('Bar Teimoso'));
    confirmAnswersOk();
    const sent = workerRequests(UNREACHABLE);
    await withWorkerOutOfReach(async () => {
      showListing('comercios');
      await waitFor(() => expect(rowOf('Bar Teimoso')).toBeTruthy());
      await user.click(
        within(rowOf('Bar Teimoso') as HTMLElement).getByRole('button', { name: 'Excluir' }),
      );
      const first = await screen.findByRole('alert');
      expect(first.textContent).toContain('Não foi possível excluir o comércio.');
      expect(within(first).queryByRole('button', { name: 'Desfazer' })).toBeNull();
      expect(sent()).toEqual([['DELETE', `${UNREACHABLE}/api/comercios/${id}`, undefined]]);
      expect(rowOf('Bar Teimoso')).toBeTruthy();
    });
    expect(await storedRow('comercios', id, 'name')).toEqual([{ name: 'Bar Teimoso' }]);
    expect(ok(await panel.from('trash').select('id').eq('row_id', id), 'lixeira')).toEqual([]);
  });

  it('Edição rápida goes to the quick path at once; its refusal is the first thing said', async () => {
    const user = userEvent.setup();
    const { id } = await insert('comercios', comercio('Bar Rápido'));
    const sent = workerRequests(UNREACHABLE);
    await withWorkerOutOfReach(async () => {
      showListing('comercios');
      await waitFor(() => expect(rowOf('Bar Rápido')).toBeTruthy());
      await user.click(
        within(rowOf('Bar Rápido') as HTMLElement).getByRole('button', { name: 'Edição rápida' }),
      );
      const dialog = await screen.findByRole('dialog');
      await user.clear(within(dialog).getByLabelText('Avaliação (0 a 5)'));
      await user.type(within(dialog).getByLabelText('Avaliação (0 a 5)'), '9');
      await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      const first = await screen.findByRole('alert');
      expect(first.textContent).toContain('Não foi possível atualizar o item.');
      expect(sent()).toEqual([
        ['PATCH', `${UNREACHABLE}/api/comercios/${id}/quick`, JSON.stringify({ rating: 5 })],
      ]);
      expect(rowOf('Bar Rápido')?.textContent).toContain('4,5');
    });
    expect(await storedRow('comercios', id, 'rating')).toEqual([{ rating: 4.5 }]);
  });

  it("Edição rápida checks the price with the domain's schema: below 0 is refused, 0 goes", async () => {
    const user = userEvent.setup();
    const { id } = await insert('hospedagens', hospedagem('Pousada Rápida', { rating: 4 }));
    const sent = workerRequests();
    showListing('hospedagens');
    await waitFor(() => expect(rowOf('Pousada Rápida')?.textContent).toMatch(/R\$\s200,00/));
    await user.click(
      within(rowOf('Pousada Rápida') as HTMLElement).getByRole('button', { name: 'Edição rápida' }),
    );
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Preço (R$)');
    expect((price as HTMLInputElement).value).toBe('200');

    // Just below 0: said in the toast and under the field; nothing goes, the dialog stays.
    await user.clear(price);
    await user.type(price, '-0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // The open dialog hides the page behind it, the toast included, from the accessibility tree.
    const refused = await screen.findByRole('alert', { hidden: true });
    expect(refused.textContent).toContain(MESSAGES.price);
    expect(within(dialog).getByText(MESSAGES.price)).toBeTruthy();
    expect(sent()).toEqual([]);

    // Blank is missing, not 0.
    await user.clear(price);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(dialog).getByText(MESSAGES.required)).toBeTruthy());
    expect(sent()).toEqual([]);
    expect(await storedRow('hospedagens', id, 'rating, price')).toEqual([
      { rating: 4, price: 200 },
    ]);

    // 0 goes to the quick path, with the rating as it was; the dialog closes at once, and the
    // row shows what the worker stored.
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(sent()).toEqual([
        [
          'PATCH',
          `${worker.url}/api/hospedagens/${id}/quick`,
          JSON.stringify({ rating: 4, price: 0 }),
        ],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowOf('Pousada Rápida')?.textContent).toMatch(/R\$\s0,00/));
    expect(await storedRow('hospedagens', id, 'rating, price')).toEqual([{ rating: 4, price: 0 }]);
  });
});
