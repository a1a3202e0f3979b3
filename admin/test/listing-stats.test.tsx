// @vitest-environment happy-dom
// Contacts and views per listing, in the panel: the dashboard's 'Mais procurados' (7 and
// 30 days), the 30-day chart under a listing's form and the CSV export of the daily counts. A real
// db/local (the listing_stats migration, its view, function and row-level security) holds the
// counts: today's and yesterday's arrive as the worker sends them (record_listing_events with the
// ingest key), older days are written as the database's owner (no API role may write them). The
// panel reads them from PostgREST as in production (listing_ranking, listing_daily_stats): an empty
// or unreadable ranking is the database's own, the counts put aside or the function's grant
// revoked by the owner for that case alone.
import { LISTING_EVENT_LABELS, type ListingResource, statsDay } from '@guia-fortim/domain';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
// react-admin's own react-router-dom: under vitest the panel's 'react-router' import is another
// module instance, whose router react-admin would not see.
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { ok, startDatabaseWithOwner, type TestDatabaseWithOwner } from './support/database.ts';
import { signedInPanel } from './support/panel.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };
const VISITOR = { email: 'vera@teste.local', password: 'senha-forte-2' };
const INGEST_KEY = 'chave-de-eventos-dos-testes-do-painel-0123456789';
const PLACEMENT = { is_featured: false, featured_order: 0, is_pinned: false, pin_order: 0 };
const HEADER = 'Tipo;Nome;Data;Visualizações;Contatos pelo WhatsApp;Aberturas no mapa';

let db: TestDatabaseWithOwner;
let Admin: ComponentType<{ children: ReactNode }>;
let panel: Awaited<typeof import('../src/supabase.ts')>['supabase'];
let Dashboard: ComponentType;
let ListingEdit: ComponentType<{ kind: ListingResource }>;

type Kind = 'hospedagem' | 'comercio' | 'passeio';
const TABLE: Record<Kind, ListingResource> = {
  hospedagem: 'hospedagens',
  comercio: 'comercios',
  passeio: 'passeios',
};

let serial = 0;
function row(kind: Kind, name: string): Record<string, unknown> {
  serial += 1;
  const common = {
    slug: `${kind}-${serial}`,
    name,
    description: 'Descrição do item.',
    phone: '5588999990000',
    image_url: '/images/item.jpg',
    ...PLACEMENT,
  };
  if (kind === 'hospedagem') {
    return { ...common, address: 'Rua da Praia, 1', price: 200, categorias: ['Pousada'] };
  }
  if (kind === 'comercio') return { ...common, address: 'Rua do Comércio, 1', rating: 4.5 };
  return { ...common, price: 90, rating: 4.5 };
}

type Listing = { kind: Kind; id: string; slug: string; name: string };

async function listing(kind: Kind, name: string): Promise<Listing> {
  const [created] = ok(
    await db.service.from(TABLE[kind]).insert(row(kind, name)).select('id, slug'),
    `inserir ${name}`,
  ) as { id: string; slug: string }[];
  if (!created) throw new Error(`sem ${name}`);
  return { kind, name, ...created };
}

type Counts = { view?: number; whatsapp?: number; map?: number };

/** Counts of `daysAgo` days before today (Fortaleza, the database's clock), as the owner. */
async function pastCounts(item: Listing, daysAgo: number, counts: Counts) {
  for (const [event, count] of Object.entries(counts)) {
    await db.owner(
      `insert into public.listing_stats (kind, listing_id, day, event, count)
       values ($1, $2, private.stats_today() - $3::integer, $4, $5)`,
      [item.kind, item.id, daysAgo, event, count],
    );
  }
}

/** Today's or yesterday's counts, as the worker's flush sends them. */
async function workerCounts(item: Listing, daysAgo: 0 | 1, counts: Counts) {
  const day = statsDay(new Date(Date.now() - daysAgo * 86_400_000));
  const batch = Object.entries(counts).map(([event, count]) => ({
    kind: item.kind,
    id: item.id,
    day,
    event,
    count,
  }));
  const counted = ok(
    await db.service.rpc('record_listing_events', { p_key: INGEST_KEY, p_counts: batch }),
    `contar ${item.name}`,
  );
  expect(counted).toBe(batch.reduce((sum, entry) => sum + entry.count, 0));
}

/** A day `daysAgo` days before today, as the panel writes it (dd/mm/aaaa). */
async function dayText(daysAgo: number): Promise<string> {
  const [row] = await db.owner(
    `select to_char(private.stats_today() - $1::integer, 'DD/MM/YYYY') as day`,
    [daysAgo],
  );
  return String(row?.day);
}

const listings: Record<string, Listing> = {};

beforeAll(async () => {
  db = await startDatabaseWithOwner();
  setPanelConfig({
    supabaseUrl: db.url,
    publishableKey: db.publishableKey,
    apiUrl: 'http://127.0.0.1:9',
  });
  for (const [account, role] of [
    [ADMIN, 'admin'],
    [VISITOR, null],
  ] as const) {
    const created = ok(
      await db.service.auth.admin.createUser({ ...account, email_confirm: true }),
      `criar ${account.email}`,
    );
    if (role) {
      ok(
        await db.service.from('user_roles').insert({ user_id: created.user?.id, role }),
        'função admin',
      );
    }
  }
  ok(await db.service.rpc('set_stats_ingest_key', { p_key: INGEST_KEY }), 'chave de eventos');

  // 'Mais procurados': the most WhatsApp contacts first, then the most views.
  const add = async (key: string, kind: Kind, name: string) => {
    listings[key] = await listing(kind, name);
    return listings[key] as Listing;
  };
  await workerCounts(await add('alfa', 'hospedagem', 'Pousada Alfa'), 0, {
    view: 30,
    whatsapp: 12,
  });
  await pastCounts(listings.alfa as Listing, 2, { whatsapp: 8 });
  await workerCounts(await add('beta', 'comercio', 'Bar Beta'), 1, { view: 5, whatsapp: 18 });
  // The first day of the 7: still counts.
  await pastCounts(await add('gama', 'passeio', 'Passeio Gama'), 6, { view: 2, whatsapp: 16 });
  await pastCounts(await add('delta', 'hospedagem', 'Pousada Delta'), 3, { whatsapp: 14 });
  await pastCounts(await add('epsilon', 'comercio', 'Bar Épsilon'), 4, { whatsapp: 12 });
  await pastCounts(await add('zeta', 'passeio', 'Passeio Zeta'), 5, { whatsapp: 10 });
  await pastCounts(await add('eta', 'hospedagem', 'Pousada Eta'), 1, { whatsapp: 8 });
  // As many contacts: the most views first (whatever their names).
  await pastCounts(await add('iota', 'passeio', 'Passeio Iota'), 2, { view: 40, whatsapp: 5 });
  await pastCounts(await add('teta', 'comercio', 'Bar Teta'), 2, { view: 10, whatsapp: 5 });
  // Views only: after every listing with a contact, however many views.
  await pastCounts(await add('vista', 'hospedagem', 'Pousada Só Vista'), 1, { view: 500, map: 7 });
  await pastCounts(await add('formula', 'comercio', '=Bar Fórmula'), 3, { view: 100 });
  // Outside the 7 days, inside the 30.
  await pastCounts(await add('limite', 'hospedagem', 'Pousada Limite'), 7, { whatsapp: 50 });
  await pastCounts(await add('antigo', 'passeio', 'Passeio Antigo'), 10, {
    view: 5,
    whatsapp: 100,
  });
  // Outside both.
  await pastCounts(await add('velha', 'hospedagem', 'Pousada Velha'), 30, { whatsapp: 999 });

  ({ supabase: panel, Admin } = await signedInPanel(ADMIN));
  Dashboard = (await import('../src/dashboard/Dashboard.tsx')).default;
  ListingEdit = (await import('../src/listings/ListingForm.tsx')).ListingEdit;
}, 120_000);

afterAll(() => db?.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen at its address, in a data router as in the panel (links are real paths). */
function showAt(route: string, address: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: route, element: <Admin>{element}</Admin> }], {
    initialEntries: [address],
  });
  return render(<RouterProvider router={router} />);
}

const showDashboard = () => showAt('/admin/dashboard', '/admin/dashboard', <Dashboard />);
const showEdit = (item: Listing) =>
  showAt(
    '/admin/:kind/editar/:id',
    `/admin/${TABLE[item.kind]}/editar/${item.id}`,
    <ListingEdit kind={TABLE[item.kind]} />,
  );

const mostWanted = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Mais procurados' })).closest(
      'section',
    ) as HTMLElement,
  );
const rankedNames = () =>
  screen.queryAllByTestId('ranking-entry').map((entry) => {
    const name = entry.querySelector('a, span');
    return name?.textContent ?? '';
  });

/** What downloadCSV hands the browser: the file's name and text. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:download-${blobs.length}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs[Number(this.getAttribute('href')?.split('-').pop()) - 1];
    files.push({
      name: this.getAttribute('download') ?? '',
      text: blob?.text() ?? Promise.resolve(''),
    });
  });
  return files;
}

describe('Dashboard: Mais procurados', () => {
  it('the top 10 by WhatsApp contacts (then views) of the last 7 days, then of the last 30', async () => {
    const user = userEvent.setup();
    showDashboard();
    const section = await mostWanted();
    expect(section.getByText(/^Os 10 primeiros nos últimos 7 dias, por ordem de:/)).toBeTruthy();
    await waitFor(() => expect(rankedNames()).toHaveLength(10));
    expect(rankedNames()).toEqual([
      'Pousada Alfa',
      'Bar Beta',
      'Passeio Gama',
      'Pousada Delta',
      'Bar Épsilon',
      'Passeio Zeta',
      'Pousada Eta',
      'Passeio Iota',
      'Bar Teta',
      'Pousada Só Vista',
    ]);
    const list = section.getByRole('list', { name: 'Mais procurados nos últimos 7 dias' });
    expect(list.tagName).toBe('OL');
    const [first] = screen.getAllByTestId('ranking-entry') as HTMLElement[];
    expect(first?.textContent).toBe(
      `Pousada Alfa (Hospedagem)${LISTING_EVENT_LABELS.whatsapp}: 20 · ${LISTING_EVENT_LABELS.view}: 30 · ${LISTING_EVENT_LABELS.map}: 0`,
    );
    const last = screen.getAllByTestId('ranking-entry')[9] as HTMLElement;
    expect(last.textContent).toContain('Contatos pelo WhatsApp: 0 · Visualizações: 500');
    // Each name leads to the listing's edit screen.
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Pousada Alfa' })
        .getAttribute('href'),
    ).toBe(`/admin/hospedagens/editar/${listings.alfa?.id}`);
    expect(section.getByRole('link', { name: 'Bar Beta' }).getAttribute('href')).toBe(
      `/admin/comercios/editar/${listings.beta?.id}`,
    );
    expect(section.getByRole('link', { name: 'Passeio Gama' }).getAttribute('href')).toBe(
      `/admin/passeios/editar/${listings.gama?.id}`,
    );
    expect(section.queryByText('=Bar Fórmula')).toBeNull();
    // The chart of the same numbers, loaded on its own, names what it shows.
    await waitFor(() => expect(section.queryByText('Carregando gráfico...')).toBeNull());
    expect(section.queryByText('Não foi possível carregar o gráfico.')).toBeNull();
    const chart = section.getByRole('img', { name: /^Contatos pelo WhatsApp nos últimos 7 dias/ });
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    expect(
      section.getByRole('img', {
        name: 'Contatos pelo WhatsApp nos últimos 7 dias, por item: Pousada Alfa, 20; Bar Beta, 18; Passeio Gama, 16; Pousada Delta, 14; Bar Épsilon, 12; Passeio Zeta, 10; Pousada Eta, 8; Passeio Iota, 5; Bar Teta, 5; Pousada Só Vista, 0.',
      }),
    ).toBeTruthy();

    await user.click(section.getByRole('button', { name: '30 dias' }));
    await waitFor(() =>
      expect(rankedNames()).toEqual([
        'Passeio Antigo',
        'Pousada Limite',
        'Pousada Alfa',
        'Bar Beta',
        'Passeio Gama',
        'Pousada Delta',
        'Bar Épsilon',
        'Passeio Zeta',
        'Pousada Eta',
        'Passeio Iota',
      ]),
    );
    expect(section.getByRole('list', { name: 'Mais procurados nos últimos 30 dias' })).toBeTruthy();
    expect(section.getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(section.queryByText('Pousada Velha')).toBeNull();
    expect(section.queryByText('Bar Teta')).toBeNull();
  });

  it('says when nothing was counted, and when the ranking cannot be read', async () => {
    // Nothing counted: the other cases' counts put aside by the database's owner, back at the end.
    await db.owner('create table private.counts_aside as select * from public.listing_stats');
    await db.owner('delete from public.listing_stats');
    try {
      showDashboard();
      const section = await mostWanted();
      expect(
        await section.findByText(
          /^Nenhuma visualização ou contato registrado nos últimos 7 dias\./,
        ),
      ).toBeTruthy();
      expect(screen.queryAllByTestId('ranking-entry')).toEqual([]);
      expect(
        (section.getByRole('button', { name: 'Exportar CSV' }) as HTMLButtonElement).disabled,
      ).toBe(true);
    } finally {
      await db.owner('insert into public.listing_stats select * from private.counts_aside');
      await db.owner('drop table private.counts_aside');
    }
    cleanup();

    // The database refuses the read: the admin's role may no longer run listing_ranking.
    await db.owner('revoke execute on function public.listing_ranking(integer) from authenticated');
    try {
      showDashboard();
      // react-query tries three more times first, as for every read of the panel.
      expect(
        await (await mostWanted()).findByText(
          'Não foi possível carregar os mais procurados. Tente novamente mais tarde.',
          undefined,
          { timeout: 20_000 },
        ),
      ).toBeTruthy();
    } finally {
      await db.owner('grant execute on function public.listing_ranking(integer) to authenticated');
    }
    expect(screen.queryAllByTestId('ranking-entry')).toEqual([]);
  });
});

describe("A listing's edit screen", () => {
  it('shows its views and contacts of each of the last 30 days, days without counts as 0', async () => {
    const item = await listing('passeio', 'Passeio do Gráfico');
    listings.grafico = item;
    await workerCounts(item, 0, { view: 7, whatsapp: 2, map: 1 });
    await pastCounts(item, 3, { view: 4 });
    // The first of the 30 days counts; the day before it does not.
    await pastCounts(item, 29, { view: 1, whatsapp: 1 });
    await pastCounts(item, 30, { view: 50, whatsapp: 50 });

    showEdit(item);
    const heading = await screen.findByRole('heading', { name: 'Procura nos últimos 30 dias' });
    const section = within(heading.closest('section') as HTMLElement);
    expect((await section.findByTestId('stats-totals')).textContent).toBe(
      'Contatos pelo WhatsApp: 3 · Visualizações: 12 · Aberturas no mapa: 1',
    );
    const table = section.getByRole('table', { name: 'Contagens por dia nos últimos 30 dias' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Data', 'Visualizações', 'Contatos pelo WhatsApp', 'Aberturas no mapa']);
    const days = section
      .getAllByTestId('stats-day')
      .map((line) => Array.from(line.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual([await dayText(29), '1', '1', '0']);
    expect(days[1]).toEqual([await dayText(28), '0', '0', '0']);
    expect(days[26]).toEqual([await dayText(3), '4', '0', '0']);
    expect(days[29]).toEqual([await dayText(0), '7', '2', '1']);
    expect(days.filter((line) => line.slice(1).join() !== '0,0,0')).toHaveLength(3);
    // The chart, loaded on its own, draws both series.
    await waitFor(() => expect(section.queryByText('Carregando gráfico...')).toBeNull());
    expect(section.queryByText('Não foi possível carregar o gráfico.')).toBeNull();
    const chart = section.getByRole('img', { name: /^Passeio do Gráfico: Visualizações/ });
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    expect(
      section.getByRole('img', {
        name: 'Passeio do Gráfico: Visualizações e Contatos pelo WhatsApp por dia, nos últimos 30 dias (12 e 3 no total). Os números de cada dia estão na tabela abaixo.',
      }),
    ).toBeTruthy();
  });

  it('a listing nobody has seen yet says so', async () => {
    const item = await listing('hospedagem', 'Pousada Nova');
    showEdit(item);
    expect(
      await screen.findByText('Nenhuma visualização ou contato registrado nos últimos 30 dias.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('stats-totals')).toBeNull();
  });
});

describe('Exportar CSV', () => {
  it("the dashboard's period: one line per listing and day, Portuguese headers", async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    showDashboard();
    const section = await mostWanted();
    await waitFor(() => expect(rankedNames()).toHaveLength(10));
    await user.click(section.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const [file] = files as [{ name: string; text: Promise<string> }];
    expect(file.name).toBe('contagens-7-dias.csv');
    const [header, ...lines] = (await file.text).trim().split('\n');
    expect(header).toBe(HEADER);
    // Every day with a count in the 7 days, of every listing (not only the first 10).
    expect(lines).toHaveLength(14);
    const linesOf = (name: string) => lines.filter((line) => line.split(';')[1] === name);
    expect(linesOf('Pousada Alfa')).toEqual([
      `Hospedagem;Pousada Alfa;${await dayText(2)};0;8;0`,
      `Hospedagem;Pousada Alfa;${await dayText(0)};30;12;0`,
    ]);
    expect(linesOf('Passeio Gama')).toEqual([`Passeio;Passeio Gama;${await dayText(6)};2;16;0`]);
    expect(linesOf('Pousada Só Vista')).toEqual([
      `Hospedagem;Pousada Só Vista;${await dayText(1)};500;0;7`,
    ]);
    // A name a spreadsheet would read as a formula is written as text.
    expect(linesOf("'=Bar Fórmula")).toEqual([
      `Comércio;'=Bar Fórmula;${await dayText(3)};100;0;0`,
    ]);
    expect(linesOf('Pousada Limite')).toEqual([]);
    expect(linesOf('Passeio Antigo')).toEqual([]);
    // One listing's days together, oldest first.
    const names = lines.map((line) => line.split(';')[1]);
    expect(names.indexOf('Passeio do Gráfico') + 1).toBe(names.lastIndexOf('Passeio do Gráfico'));

    await user.click(section.getByRole('button', { name: '30 dias' }));
    await waitFor(() => expect(rankedNames()[0]).toBe('Passeio Antigo'));
    await user.click(section.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1]?.name).toBe('contagens-30-dias.csv');
    const month = (await files[1]?.text)?.trim().split('\n') ?? [];
    expect(month[0]).toBe(HEADER);
    expect(month.slice(1)).toHaveLength(17);
    expect(month).toContain(`Passeio;Passeio Antigo;${await dayText(10)};5;100;0`);
    expect(month.some((line) => line.includes('Pousada Velha'))).toBe(false);
  });

  it("a listing's 30 days, from its edit screen", async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const item = listings.grafico as Listing;
    showEdit(item);
    await screen.findByTestId('stats-totals');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe(`contagens-${item.slug}-30-dias.csv`);
    expect((await files[0]?.text)?.trim().split('\n')).toEqual([
      HEADER,
      `Passeio;Passeio do Gráfico;${await dayText(29)};1;1;0`,
      `Passeio;Passeio do Gráfico;${await dayText(3)};4;0;0`,
      `Passeio;Passeio do Gráfico;${await dayText(0)};7;2;1`,
    ]);
  });
});

describe('Someone who is not an administrator', () => {
  it('sees no counts: neither the ranking nor any listing’s days', async () => {
    const { error } = await panel.auth.signOut();
    expect(error).toBeNull();
    ok(await panel.auth.signInWithPassword(VISITOR), 'entrar como visitante');
    try {
      expect(ok(await panel.rpc('listing_ranking', { p_days: 30 }), 'ranking')).toEqual([]);
      expect(ok(await panel.from('listing_daily_stats').select('*'), 'dias')).toEqual([]);
      expect(ok(await panel.from('listing_stats').select('*'), 'contagens')).toEqual([]);

      showDashboard();
      const section = await mostWanted();
      expect(
        await section.findByText(/^Nenhuma visualização ou contato registrado nos últimos 7 dias/),
      ).toBeTruthy();
      expect(screen.queryAllByTestId('ranking-entry')).toEqual([]);
      cleanup();

      showEdit(listings.grafico as Listing);
      expect(
        await screen.findByText('Nenhuma visualização ou contato registrado nos últimos 30 dias.'),
      ).toBeTruthy();
      expect(screen.queryByText('Visualizações: 12', { exact: false })).toBeNull();
    } finally {
      ok(await panel.auth.signInWithPassword(ADMIN), 'entrar como admin de novo');
    }
  });
});
