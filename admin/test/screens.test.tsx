// @vitest-environment happy-dom
// The panel's screens with the real data provider (ra-supabase) against a real db/local holding
// exactly the rows each case needs (empty states, the 10-item caps, the roles page), and the real
// worker (test/support/worker.ts) over it, where the panel's apiUrl points: a bulk 'Destacar', a
// slide's save, a category's move, creation and rename, the maps key saved and cleared, a role
// change and the admin grant cross the worker's routes, CORS and token check with the admin's own
// session, and each of these cases reads what the screen then shows and what the database then
// holds. Where the request is itself the rule (none for a value the form refuses, a cancelled
// confirmation or the role the user already has; one for a bulk action), the requests the screen
// sent are read as well.
// Expected texts and numbers are written out here, never read from the code.
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { CATEGORIES, SLIDES } from '../src/resources.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';
import { notified } from './support/notified.ts';
import { signedInPanel } from './support/panel.tsx';
import { resourceScreen } from './support/resourceScreen.tsx';
import { startTestWorker, type TestWorker } from './support/worker.ts';

// Each screen reads over HTTP on a shared 2-core machine: give reads time.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };

let db: TestDatabase;
let worker: TestWorker;
let Admin: ComponentType<{ children: ReactNode }>;
let Screens: {
  Featured: ComponentType;
  Pinned: ComponentType;
  Carousel: ComponentType;
  Categories: ComponentType;
  MapSettings: ComponentType;
  Roles: ComponentType;
  Settings: ComponentType;
  ListingList: ComponentType;
};

const HOUR = 3_600_000;
const BASE_TIME = Date.parse('2026-03-01T12:00:00Z');
const at = (hours: number) => new Date(BASE_TIME + hours * HOUR).toISOString();

type Fixture = Record<string, unknown> & { name: string; created_at: string };

// Every row names every column it may set: a bulk insert fills absent keys with null.
const PLACEMENT = { is_featured: false, featured_order: 0, is_pinned: false, pin_order: 0 };

function hospedagem(slug: string, name: string, extra: Partial<Fixture> = {}) {
  return {
    slug,
    name,
    description: 'Quartos com vista para o rio.',
    address: `Rua da Praia, ${slug.length}`,
    price: 200,
    phone: '5588999990000',
    image_url: '/images/pousada-hero.jpg',
    categorias: ['Pousada'],
    created_at: at(0),
    ...PLACEMENT,
    ...extra,
  };
}

function comercio(slug: string, name: string, extra: Partial<Fixture> = {}) {
  return {
    slug,
    name,
    description: 'Comida regional.',
    address: 'Rua do Comércio, 1',
    phone: '5588999990001',
    image_url: '/images/comercio-hero.jpg',
    created_at: at(0),
    ...PLACEMENT,
    ...extra,
  };
}

function passeio(slug: string, name: string, extra: Partial<Fixture> = {}) {
  return {
    slug,
    name,
    description: 'Passeio de barco.',
    price: 90,
    phone: '5588999990002',
    image_url: '/images/passeio-hero.jpg',
    created_at: at(0),
    ...PLACEMENT,
    ...extra,
  };
}

// Twelve unfeatured commerces (more than the add list shows), created in an order that is neither
// their names' nor their insertion order, each at its own place on the map.
const COMERCIOS = Array.from({ length: 12 }, (_, i) =>
  comercio(`comercio-${i + 1}`, `Comércio ${String(i + 1).padStart(2, '0')}`, {
    created_at: at(((i * 5) % 12) + 1),
    latitude: -4.4 - i / 100,
    longitude: -37.7 - i / 100,
  }),
);
// Featured and newer than every other commerce: it must not show in the add list.
const FEATURED_COMERCIO = comercio('comercio-destaque', 'Comércio em Destaque', {
  created_at: at(100),
  is_featured: true,
  featured_order: 0,
  latitude: -4.3,
  longitude: -37.6,
});
// The only lodging: featured and pinned, so lodging has nothing left to add or to pin.
const HOSPEDAGEM = hospedagem('pousada-do-rio', 'Pousada do Rio', {
  is_featured: true,
  featured_order: 0,
  is_pinned: true,
  pin_order: 1,
  latitude: -4.45,
  longitude: -37.8,
});
// The only tour: neither featured nor pinned.
const PASSEIO = passeio('passeio-de-barco', 'Passeio de Barco', {
  latitude: -4.46,
  longitude: -37.81,
});

// Profiles for the roles page, created in an order that is not their names' order.
const PEOPLE = [
  { email: 'carlos@teste.local', full_name: 'Carlos Souza', username: 'carlos' },
  { email: 'dora@teste.local', full_name: null, username: 'dora' },
  { email: 'bia@teste.local', full_name: 'Beatriz Lima', username: 'bia' },
  { email: 'edu@teste.local', full_name: 'Eduardo Reis', username: null },
];

async function createUser(
  email: string,
  metadata: { full_name: string | null; username: string | null },
  password = 'senha-forte-1',
): Promise<string> {
  const user_metadata = Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== null));
  const created = ok(
    await db.service.auth.admin.createUser({ email, password, email_confirm: true, user_metadata }),
    `criar ${email}`,
  );
  return created.user?.id as string;
}

async function setRole(userId: string, role: 'user' | 'moderator' | 'admin') {
  ok(await db.service.from('user_roles').delete().eq('user_id', userId), 'apagar funções');
  ok(await db.service.from('user_roles').insert({ user_id: userId, role }), 'inserir função');
}

let bia = '';
let carlos = '';

beforeAll(async () => {
  db = await startDatabase();
  worker = await startTestWorker(db, window.location.origin);
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: worker.url });

  const adminId = await createUser(ADMIN.email, {
    full_name: 'Ana Administradora',
    username: 'ana.admin',
  });
  await setRole(adminId, 'admin');
  for (const person of PEOPLE) {
    const id = await createUser(person.email, person);
    if (person.username === 'bia') bia = id;
    if (person.username === 'carlos') carlos = id;
  }
  await setRole(bia, 'moderator');

  ok(await db.service.from('hospedagens').insert(HOSPEDAGEM), 'hospedagem');
  ok(await db.service.from('comercios').insert([...COMERCIOS, FEATURED_COMERCIO]), 'comércios');
  ok(await db.service.from('passeios').insert(PASSEIO), 'passeio');
  ok(
    await db.service.from('categories').insert([
      { name: 'Pousada', type: 'hospedagem', order_position: 1 },
      { name: 'Restaurante', type: 'comercio', order_position: 1 },
    ]),
    'categorias',
  );

  // The panel's own modules, configured for this database and signed in as the admin.
  ({ Admin } = await signedInPanel(ADMIN));
  const { default: OrderedListScreen } = await import('../src/ordering/OrderedListScreen.tsx');
  Screens = {
    Featured: () => <OrderedListScreen list="featured" />,
    Pinned: () => <OrderedListScreen list="pinned" />,
    Carousel: resourceScreen(SLIDES, (await import('../src/carousel/index.ts')).default),
    Categories: resourceScreen(CATEGORIES, (await import('../src/categories/index.ts')).default),
    MapSettings: (await import('../src/settings/MapSettings.tsx')).default,
    Roles: (await import('../src/roles/Roles.tsx')).default,
    Settings: (await import('../src/settings/Settings.tsx')).default,
    ListingList: (await import('../src/listings/ListingList.tsx')).default,
  };
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await db?.stop();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(Screen: ComponentType) {
  return render(
    <Admin>
      <Screen />
    </Admin>,
  );
}

const namesIn = (rows: HTMLElement[]) =>
  rows.map((row) => row.querySelector('p')?.textContent ?? '');

/** The network drops every request whose address holds `path`; the database is never stubbed. */
function dropRequests(path: string) {
  const network = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input instanceof Request ? input.url : input).includes(path)
      ? Promise.reject(new TypeError('Failed to fetch'))
      : network(input, init),
  );
}

/**
 * What the screen sent to the worker so far: method, address and body of each request. The spy
 * calls through: the network is not changed.
 */
function workerRequests() {
  const sent = vi.spyOn(globalThis, 'fetch');
  return () =>
    sent.mock.calls
      .filter(([input]) =>
        String(input instanceof Request ? input.url : input).startsWith(`${worker.url}/api/`),
      )
      .map(([input, init]) => [
        init?.method ?? (input instanceof Request ? input.method : 'GET'),
        String(input instanceof Request ? input.url : input),
        init?.body,
      ]);
}

/** The role rows of a user, read past row-level security. */
async function rolesOf(userId: string) {
  return ok(
    await db.service.from('user_roles').select('id, role, created_at').eq('user_id', userId),
    'funções',
  ) as { id: string; role: string; created_at: string }[];
}

/** A listing list screen as its `<Resource>` renders it, at /admin/{resource}. */
function showList(resource: string, filter?: Record<string, unknown>) {
  // react-admin's own router here (no data router around it) is a hash router.
  const query = filter ? `?filter=${encodeURIComponent(JSON.stringify(filter))}` : '';
  window.history.replaceState(null, '', `/admin/${resource}#/admin/${resource}${query}`);
  return render(
    <Admin>
      <ResourceContextProvider value={resource}>
        <Screens.ListingList />
      </ResourceContextProvider>
    </Admin>,
  );
}

const listedNames = () =>
  screen
    .queryAllByTestId('listing-row')
    .map((row) => row.querySelector('td.column-name')?.textContent ?? '');

/**
 * Runs `body` with 1,005 more lodgings, all newer than one more named `oldest`, then takes them
 * away (the other cases count the lodgings).
 */
async function withManyLodgings(body: (oldest: string) => Promise<void>) {
  const extra = Array.from({ length: 1005 }, (_, i) =>
    hospedagem(`extra-${i}`, `Pousada Extra ${i}`, { created_at: at(200 + i) }),
  );
  const oldest = hospedagem('mais-antiga', 'Pousada Mais Antiga (1999)', {
    created_at: '1999-01-01T00:00:00Z',
  });
  ok(await db.service.from('hospedagens').insert([...extra, oldest]), 'hospedagens extras');
  try {
    await body(oldest.name);
  } finally {
    // The database makes each slug from the name: the rows are found by name.
    const gone = ok(
      await db.service
        .from('hospedagens')
        .delete()
        .or('name.like.Pousada Extra *,name.like.Pousada Mais Antiga*')
        .select('id'),
      'apagar hospedagens extras',
    );
    expect(gone).toHaveLength(extra.length + 1);
  }
}

describe('listing lists (/admin/hospedagens, /admin/comercios, /admin/passeios)', () => {
  it('show the public order first: pinned by pin_order, then the newest', async () => {
    showList('comercios');
    const newestFirst = [FEATURED_COMERCIO, ...COMERCIOS]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((row) => row.name);
    await waitFor(() => expect(listedNames()).toEqual(newestFirst));
  });

  it('sort by a column on the server when its header is clicked, both ways', async () => {
    const user = userEvent.setup();
    showList('comercios');
    const byName = [FEATURED_COMERCIO, ...COMERCIOS].map((row) => row.name).sort();
    await waitFor(() => expect(listedNames()).toHaveLength(byName.length));
    await user.click(screen.getByText('Nome', { selector: 'th *' }));
    await waitFor(() => expect(listedNames()).toEqual(byName));
    await user.click(screen.getByText('Nome', { selector: 'th *' }));
    await waitFor(() => expect(listedNames()).toEqual([...byName].reverse()));
  });

  it('with more than 1,000 lodgings, the oldest is still found by Buscar por nome', async () => {
    await withManyLodgings(async (oldest) => {
      const user = userEvent.setup();
      showList('hospedagens');
      await waitFor(() => expect(listedNames()).toHaveLength(25));
      // Pinned first, then the newest.
      expect(listedNames()[0]).toBe('Pousada do Rio');
      expect(listedNames()[1]).toBe('Pousada Extra 1004');
      // Typed as an admin would: other case, and the parenthesis taken literally.
      await user.type(screen.getByLabelText('Buscar por nome'), 'mais antiga (1999');
      await waitFor(() => expect(listedNames()).toEqual([oldest]), { timeout: 15_000 });
      await user.clear(screen.getByLabelText('Buscar por nome'));
      await user.type(screen.getByLabelText('Buscar por nome'), 'nenhuma pousada assim');
      expect(await screen.findByText('Nenhum item encontrado.')).toBeTruthy();
    });
  });
});

describe('listing list filters', () => {
  const CHALE = hospedagem('chale-da-praia', 'Chalé da Praia', {
    // A category with a comma and quotes, as an admin may name one.
    categorias: ['Chalé', 'Pé na areia, "raiz"'],
    additional_images: ['/images/chale-2-hero.jpg'],
    created_at: at(10),
  });
  const CASA = hospedagem('casa-do-rio', 'Casa do Rio', {
    categorias: ['Casa'],
    additional_images: [],
    is_featured: true,
    featured_order: 1,
    created_at: at(11),
  });
  const SORVETERIA = comercio('sorveteria-da-foz', 'Sorveteria da Foz', {
    categoria: 'Sorveteria',
    created_at: at(12),
  });

  it('by category, featured, pinned and extra photos: from the address, and into it', async () => {
    ok(await db.service.from('hospedagens').insert([CHALE, CASA]), 'hospedagens');
    ok(await db.service.from('comercios').insert(SORVETERIA), 'comércio');
    try {
      const cases: [string, Record<string, unknown>, string[]][] = [
        ['hospedagens', { categoria: 'Chalé' }, ['Chalé da Praia']],
        ['hospedagens', { categoria: 'Pé na areia, "raiz"' }, ['Chalé da Praia']],
        ['hospedagens', { categoria: 'Pousada' }, ['Pousada do Rio']],
        ['hospedagens', { categoria: 'Sem pousada' }, []],
        ['hospedagens', { is_featured: true }, ['Pousada do Rio', 'Casa do Rio']],
        ['hospedagens', { is_featured: false }, ['Chalé da Praia']],
        ['hospedagens', { is_pinned: true }, ['Pousada do Rio']],
        ['hospedagens', { is_pinned: false }, ['Casa do Rio', 'Chalé da Praia']],
        ['hospedagens', { fotos_extras: 'com' }, ['Chalé da Praia']],
        ['hospedagens', { fotos_extras: 'sem' }, ['Pousada do Rio', 'Casa do Rio']],
        ['hospedagens', { categoria: 'Casa', is_featured: true }, ['Casa do Rio']],
        ['hospedagens', { categoria: 'Casa', is_pinned: true }, []],
        ['comercios', { categoria: 'Sorveteria' }, ['Sorveteria da Foz']],
      ];
      for (const [resource, filter, names] of cases) {
        showList(resource, filter);
        if (names.length === 0)
          expect(await screen.findByText('Nenhum item encontrado.')).toBeTruthy();
        else await waitFor(() => expect(listedNames()).toEqual(names));
        cleanup();
      }

      // Picked on screen: the filter goes into the address, as the search does.
      const user = userEvent.setup();
      showList('hospedagens');
      await waitFor(() => expect(listedNames()).toHaveLength(3));
      await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
      await user.click(await screen.findByRole('option', { name: 'Pousada' }));
      await waitFor(() => expect(listedNames()).toEqual(['Pousada do Rio']));
      await waitFor(() =>
        expect(
          JSON.parse(
            new URL(window.location.hash.slice(1), window.location.origin).searchParams.get(
              'filter',
            ) ?? '{}',
          ),
        ).toEqual({ categoria: 'Pousada' }),
      );
      await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
      // The empty choice, 'Todas', comes first.
      const [all] = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(all?.textContent).toBe('Todas');
      await user.click(all as HTMLElement);
      await user.click(screen.getByRole('combobox', { name: 'Destaque' }));
      await user.click(await screen.findByRole('option', { name: 'Não' }));
      await waitFor(() => expect(listedNames()).toEqual(['Chalé da Praia']));
      await user.click(screen.getByRole('combobox', { name: 'Fotos extras' }));
      await user.click(await screen.findByRole('option', { name: 'Sem fotos extras' }));
      expect(await screen.findByText('Nenhum item encontrado.')).toBeTruthy();
      expect(
        JSON.parse(
          new URL(window.location.hash.slice(1), window.location.origin).searchParams.get(
            'filter',
          ) ?? '{}',
        ),
      ).toEqual({ is_featured: false, fotos_extras: 'sem' });
    } finally {
      ok(
        await db.service.from('hospedagens').delete().in('slug', ['chale-da-praia', 'casa-do-rio']),
        'apagar hospedagens',
      );
      ok(
        await db.service.from('comercios').delete().eq('slug', 'sorveteria-da-foz'),
        'apagar comércio',
      );
    }
  });
});

describe('bulk actions on the listing lists', () => {
  it("'Destacar' features the rows picked in one request, in the order the list shows them", async () => {
    const sent = workerRequests();
    const user = userEvent.setup();
    showList('comercios');
    const newestFirst = [FEATURED_COMERCIO, ...COMERCIOS].sort((a, b) =>
      b.created_at.localeCompare(a.created_at),
    );
    await waitFor(() => expect(listedNames()).toHaveLength(newestFirst.length));
    const [third, second] = [newestFirst[2], newestFirst[1]] as [Fixture, Fixture];
    const featured = async () =>
      ok(
        await db.service
          .from('comercios')
          .select('slug, featured_order')
          .eq('is_featured', true)
          .order('featured_order'),
        'destaques',
      );
    try {
      // Picked out of order: the featured order follows the list.
      for (const row of [third, second]) {
        const line = screen
          .getAllByTestId('listing-row')
          .find((tr) => tr.textContent?.includes(row.name)) as HTMLElement;
        await user.click(within(line).getByRole('checkbox'));
      }
      expect(await screen.findByText('2 selecionados')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Destacar' }));
      expect(await screen.findByText('2 itens adicionados aos destaques!')).toBeTruthy();
      // The list reads them again: both switched on.
      await waitFor(() => {
        for (const row of [second, third]) {
          const on = (screen.getByLabelText(`Destaque: ${row.name}`) as HTMLInputElement).checked;
          expect([row.name, on]).toEqual([row.name, true]);
        }
      });
      // All of them in one request (all or none), after the one featured before.
      expect(sent().map(([method, url]) => [method, url])).toEqual([
        ['POST', `${worker.url}/api/comercios/bulk`],
      ]);
      expect(await featured()).toEqual([
        { slug: FEATURED_COMERCIO.slug, featured_order: 0 },
        { slug: second.slug, featured_order: 1 },
        { slug: third.slug, featured_order: 2 },
      ]);
    } finally {
      // The other cases count the featured commerces: back to the fixture's one.
      ok(
        await db.service
          .from('comercios')
          .update({ is_featured: false, featured_order: 0 })
          .in('slug', [second.slug, third.slug]),
        'tirar dos destaques',
      );
    }
  });
});

describe('Destaques (/admin/destaques)', () => {
  it("a kind with nothing featured says 'Nenhum item em destaque ainda.'; its add list still lists", async () => {
    const user = userEvent.setup();
    show(Screens.Featured);
    await user.click(await screen.findByRole('tab', { name: 'Passeios' }));
    expect(await screen.findByText('Nenhum item em destaque ainda.')).toBeTruthy();
    expect(namesIn(await screen.findAllByTestId('candidate-row'))).toEqual(['Passeio de Barco']);
    expect(screen.queryByText('Nenhum item disponível.')).toBeNull();
    expect(screen.queryAllByTestId('featured-row')).toHaveLength(0);
  });

  it("a read that fails says 'Não foi possível carregar os itens.', not that nothing is featured", async () => {
    dropRequests('/rest/v1/passeios');
    const user = userEvent.setup();
    show(Screens.Featured);
    await user.click(await screen.findByRole('tab', { name: 'Passeios' }));
    // Both lists' reads fail, each in its own time: wait for the second one too. Only the lists'
    // own texts (<p>) count: the toast says the same words and may or may not be on screen yet.
    await waitFor(() =>
      expect(
        screen.getAllByText('Não foi possível carregar os itens.', { selector: 'p' }),
      ).toHaveLength(2),
    );
    expect(screen.queryByText('Nenhum item em destaque ainda.')).toBeNull();
    expect(screen.queryByText('Nenhum item disponível.')).toBeNull();
  });

  it("a kind whose every item is featured says 'Nenhum item disponível.'", async () => {
    show(Screens.Featured);
    expect(await screen.findByText('Nenhum item disponível.')).toBeTruthy();
    expect(namesIn(await screen.findAllByTestId('featured-row'))).toEqual(['Pousada do Rio']);
    expect(screen.queryByText('Nenhum item em destaque ainda.')).toBeNull();
  });

  it('the add list shows at most 10 items: the newest unfeatured ones, newest first', async () => {
    // The candidates: not featured, newest first, at most 10.
    const newestFirst = [...COMERCIOS]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .map((row) => row.name);
    const user = userEvent.setup();
    show(Screens.Featured);
    await user.click(await screen.findByRole('tab', { name: 'Comércios' }));
    await waitFor(() =>
      expect(namesIn(screen.getAllByTestId('featured-row'))).toEqual(['Comércio em Destaque']),
    );
    const candidates = await screen.findAllByTestId('candidate-row');
    expect(candidates).toHaveLength(10);
    expect(namesIn(candidates)).toEqual(newestFirst.slice(0, 10));
  });
});

describe('Ordenar Topo (/admin/ordenar-topo)', () => {
  it("nothing pinned: 'Nenhum item fixado...'; a search that finds nothing: 'Nenhum item encontrado.'", async () => {
    const user = userEvent.setup();
    show(Screens.Pinned);
    // Comércios is the first tab; none of them is pinned.
    expect(await screen.findByText(/^Nenhum item fixado/)).toBeTruthy();
    expect(await screen.findAllByTestId('unpinned-row')).toHaveLength(13);
    expect(screen.queryByText('Nenhum item encontrado.')).toBeNull();
    await user.type(screen.getByLabelText('Buscar por nome'), 'Sorveteria');
    expect(await screen.findByText('Nenhum item encontrado.')).toBeTruthy();
    expect(screen.queryAllByTestId('unpinned-row')).toHaveLength(0);
    expect(screen.queryByText('Todos os itens já estão fixados.')).toBeNull();
  });

  it('with more than 1,000 lodgings to pin, the oldest is still found by the search', async () => {
    await withManyLodgings(async (oldest) => {
      const user = userEvent.setup();
      show(Screens.Pinned);
      await user.click(await screen.findByRole('tab', { name: 'Hospedagens' }));
      await waitFor(() => expect(screen.getAllByTestId('unpinned-row')).toHaveLength(50));
      expect(
        screen.getByText('Mostrando 50 de 1006. Busque pelo nome para encontrar os outros.'),
      ).toBeTruthy();
      await user.type(screen.getByLabelText('Buscar por nome'), 'MAIS ANTIGA');
      await waitFor(
        () => expect(namesIn(screen.getAllByTestId('unpinned-row'))).toEqual([oldest]),
        {
          timeout: 15_000,
        },
      );
    });
  });

  it("every item pinned: 'Todos os itens já estão fixados.'", async () => {
    const user = userEvent.setup();
    show(Screens.Pinned);
    await user.click(await screen.findByRole('tab', { name: 'Hospedagens' }));
    expect(await screen.findByText('Todos os itens já estão fixados.')).toBeTruthy();
    const pinned = await screen.findAllByTestId('pinned-row');
    expect(pinned).toHaveLength(1);
    expect(pinned[0]?.textContent).toMatch(/^#1.*Pousada do Rio/);
    expect(screen.queryByText(/^Nenhum item fixado/)).toBeNull();
    expect(screen.queryByText('Nenhum item encontrado.')).toBeNull();
  });
});

describe('Carrossel (/admin/carousel)', () => {
  const EMPTY = 'Nenhum slide cadastrado. Clique em "Adicionar Novo Slide" para começar.';

  it('without slides says so; with one it lists it instead', async () => {
    show(Screens.Carousel);
    expect(await screen.findByText(EMPTY)).toBeTruthy();
    expect(screen.queryAllByTestId('slide-row')).toHaveLength(0);
    cleanup();

    const slide = {
      title: 'Dunas ao pôr do sol',
      subtitle: 'Passeios de buggy',
      image_url: '/images/dunas-hero.jpg',
      order_position: 1,
      is_active: false,
    };
    ok(await db.service.from('carousel_slides').insert(slide), 'slide');
    show(Screens.Carousel);
    const row = await screen.findByTestId('slide-row');
    expect(row.textContent).toContain('Dunas ao pôr do sol');
    expect(within(row).getByText('Inativo')).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });

  it('Salvar waits for title, subtitle, photo and link; a refused value is said under its field', async () => {
    const user = userEvent.setup();
    const sent = workerRequests();
    show(Screens.Carousel);
    const row = await screen.findByTestId('slide-row');
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const title = (await screen.findByLabelText('Título *')) as HTMLInputElement;
    const link = screen.getByLabelText('Link do botão *') as HTMLInputElement;
    const order = screen.getByLabelText('Ordem de Exibição') as HTMLInputElement;
    const save = () => screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(title.value).toBe('Dunas ao pôr do sol');
    expect(save().disabled).toBe(false);
    // Blank is missing: spaces only, then one letter.
    await user.clear(title);
    await user.type(title, '  ');
    expect(save().disabled).toBe(true);
    await user.type(title, 'D');
    expect(save().disabled).toBe(false);
    await user.clear(link);
    expect(save().disabled).toBe(true);

    const refused = async (message: string) => {
      await user.click(save());
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      // Under the field, and in the notification.
      const alert = await notified(message);
      await user.click(within(alert).getByRole('button', { name: 'Fechar', hidden: true }));
    };
    await user.type(link, 'javascript:alert(1)');
    await refused('O link deve ser um caminho do site (começando com /) ou um endereço http(s).');
    await user.clear(link);
    await user.type(link, '/passeios');
    await user.clear(order);
    await user.type(order, '0');
    await refused('A ordem deve ser um número inteiro maior ou igual a 1.');
    await user.clear(order);
    await user.type(order, '1.5');
    await refused('A ordem deve ser um número inteiro maior ou igual a 1.');
    expect(sent()).toEqual([]);

    // The lowest order goes: the schema's values, trimmed, saved by the worker; back to the list.
    await user.clear(order);
    await user.type(order, '1');
    await user.click(save());
    expect(await screen.findByText('Slide atualizado com sucesso!')).toBeTruthy();
    await waitFor(() => {
      const saved = screen.getByTestId('slide-row');
      expect(within(saved).getByText('D')).toBeTruthy();
      expect(within(saved).getByText('Ordem: 1 | Link: /passeios')).toBeTruthy();
      expect(within(saved).getByText('Inativo')).toBeTruthy();
    });
    expect(
      ok(
        await db.service
          .from('carousel_slides')
          .select('title, subtitle, image_url, link, order_position, is_active, image_styles'),
        'slides',
      ),
    ).toEqual([
      {
        title: 'D',
        subtitle: 'Passeios de buggy',
        image_url: '/images/dunas-hero.jpg',
        link: '/passeios',
        order_position: 1,
        is_active: false,
        image_styles: { scale: 1, rotate: 0, positionX: 50, positionY: 50, objectFit: 'cover' },
      },
    ]);
    expect(sent().map(([method]) => method)).toEqual(['PATCH']);
  });

  it('a new slide is last, active and links to /passeios; Salvar waits for its photo', async () => {
    const user = userEvent.setup();
    show(Screens.Carousel);
    await screen.findByTestId('slide-row');
    await user.click(screen.getByRole('button', { name: 'Adicionar Novo Slide' }));
    expect(await screen.findByText('Novo Slide')).toBeTruthy();
    expect((screen.getByLabelText('Ordem de Exibição') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Link do botão *') as HTMLInputElement).value).toBe('/passeios');
    expect((screen.getByLabelText('Slide ativo') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Recomendado: pelo menos 1920x1080 pixels.')).toBeTruthy();
    await user.type(screen.getByLabelText('Título *'), 'Praia');
    await user.type(screen.getByLabelText('Subtítulo *'), 'Pontal de Maceió');
    expect(screen.getByTestId('slide-preview').textContent).toContain('Pontal de Maceió');
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByTestId('slide-row')).toBeTruthy();
  });

  it('the last slide cannot be deleted: Excluir says so without asking; with two it asks', async () => {
    const user = userEvent.setup();
    const LAST = 'O carrossel deve ter pelo menos um slide.';
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const sent = workerRequests();
    const [second] = ok(
      await db.service
        .from('carousel_slides')
        .insert({
          title: 'Rio Jaguaribe',
          subtitle: 'Passeio de barco',
          image_url: '/images/rio-hero.jpg',
          order_position: 2,
        })
        .select('id'),
      'segundo slide',
    ) as { id: string }[];
    try {
      show(Screens.Carousel);
      await waitFor(() => expect(screen.getAllByTestId('slide-row')).toHaveLength(2));
      const [first] = screen.getAllByTestId('slide-row') as [HTMLElement];
      await user.click(within(first).getByRole('button', { name: 'Excluir' }));
      expect(confirm).toHaveBeenCalledWith('Tem certeza que deseja excluir este slide?');
      cleanup();

      ok(await db.service.from('carousel_slides').delete().eq('id', second?.id), 'apagar');
      confirm.mockClear();
      show(Screens.Carousel);
      const only = await screen.findByTestId('slide-row');
      await user.click(within(only).getByRole('button', { name: 'Excluir' }));
      // The notification, beside the instructions' line.
      await waitFor(() => expect(screen.getAllByText(LAST)).toHaveLength(2));
      expect(within(screen.getByRole('alert')).getByText(LAST)).toBeTruthy();
      expect(confirm).not.toHaveBeenCalled();
      expect(sent()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      ok(await db.service.from('carousel_slides').delete().eq('id', second?.id), 'apagar');
    }
  });

  it('a read that fails says so instead of the empty text', async () => {
    dropRequests('/rest/v1/carousel_slides');
    show(Screens.Carousel);
    expect(await screen.findByText('Não foi possível carregar os slides.')).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });
});

describe('Categorias (/admin/categorias)', () => {
  it('a kind without categories says so; the others list theirs', async () => {
    const user = userEvent.setup();
    show(Screens.Categories);
    expect(await screen.findByText('Pousada')).toBeTruthy();
    const empty = 'Nenhuma categoria cadastrada. Clique em "Nova Categoria" para começar.';
    expect(screen.queryByText(empty)).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Passeios' }));
    expect(await screen.findByText(empty)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Comércio' }));
    expect(await screen.findByText('Restaurante')).toBeTruthy();
    expect(screen.queryByText(empty)).toBeNull();
  });

  it('moves a category up or down (the ends move no further) through the worker', async () => {
    const extra = ok(
      await db.service
        .from('categories')
        .insert([
          { name: 'Chalé', type: 'hospedagem', order_position: 2 },
          { name: 'Casa', type: 'hospedagem', order_position: 3 },
        ])
        .select('id, name'),
      'categorias',
    ) as { id: string; name: string }[];
    const stored = async () =>
      (
        ok(
          await db.service
            .from('categories')
            .select('name, order_position')
            .eq('type', 'hospedagem')
            .order('order_position'),
          'ordem',
        ) as { name: string; order_position: number }[]
      ).map((row) => [row.name, row.order_position]);
    try {
      const user = userEvent.setup();
      show(Screens.Categories);
      await screen.findByText('Casa');
      const names = () =>
        screen
          .getAllByRole('listitem')
          .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
      expect(names()).toEqual(['Pousada', 'Chalé', 'Casa']);
      const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button('Mover Pousada para cima').disabled).toBe(true);
      expect(button('Mover Pousada para baixo').disabled).toBe(false);
      expect(button('Mover Casa para baixo').disabled).toBe(true);
      await user.click(button('Mover Casa para cima'));
      // One swap with the neighbour above, the type's order kept 1..n.
      await waitFor(() => expect(names()).toEqual(['Pousada', 'Casa', 'Chalé']));
      expect(await stored()).toEqual([
        ['Pousada', 1],
        ['Casa', 2],
        ['Chalé', 3],
      ]);
      // Now at the end, Chalé moves no further down.
      await waitFor(() => expect(button('Mover Chalé para baixo').disabled).toBe(true));
      expect(button('Mover Casa para baixo').disabled).toBe(false);
    } finally {
      ok(
        await db.service
          .from('categories')
          .delete()
          .in(
            'id',
            extra.map((category) => category.id),
          ),
        'apagar categorias',
      );
    }
  });

  it('Excluir says what happens: the category waits in the Lixeira for 30 days', async () => {
    const user = userEvent.setup();
    show(Screens.Categories);
    const item = (await screen.findByText('Pousada')).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Confirmar Exclusão')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Tem certeza que deseja excluir a categoria "Pousada"? Ela fica na Lixeira por 30 dias e pode ser restaurada de lá.',
    );
    expect(dialog.textContent).not.toContain('não pode ser desfeita');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  });

  it('Criar and Atualizar check the name with the domain schema; a valid one is saved trimmed', async () => {
    const LONG = 'x'.repeat(60);
    const [{ id: pousadaId }] = ok(
      await db.service.from('categories').select('id').eq('name', 'Pousada'),
      'categoria Pousada',
    ) as [{ id: string }];
    const stored = async () =>
      ok(
        await db.service
          .from('categories')
          .select('name, order_position, is_active')
          .eq('type', 'hospedagem')
          .order('order_position'),
        'categorias',
      );
    const user = userEvent.setup();
    const sent = workerRequests();
    show(Screens.Categories);
    const names = () =>
      screen
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    await screen.findByText('Pousada');
    await user.click(screen.getByRole('button', { name: 'Nova Categoria' }));
    let dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Nome da Categoria') as HTMLInputElement;
    const refused = async (message: string) => {
      await user.click(within(dialog).getByRole('button', { name: /^(Criar|Atualizar)$/ }));
      // The notification first, outside the dialog: it hides itself after 5 s, which a loaded
      // machine can spend on the wait below.
      const alert = await notified(message);
      expect(within(dialog).getByText(message)).toBeTruthy();
      await user.click(within(alert).getByRole('button', { name: 'Fechar', hidden: true }));
    };
    await refused('Digite um nome para a categoria');
    await user.type(name, '   ');
    await refused('Digite um nome para a categoria');
    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(61));
    await refused('O nome da categoria deve ter no máximo 60 caracteres.');
    expect(sent()).toEqual([]);

    try {
      // 60 characters, between spaces: saved trimmed, of the open tab's kind, active and last.
      await user.clear(name);
      await user.click(name);
      await user.paste(`  ${LONG}  `);
      await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
      const saved = async (message: string) => {
        const alert = await notified(message);
        await user.click(within(alert).getByRole('button', { name: 'Fechar', hidden: true }));
      };
      await saved('Categoria criada com sucesso!');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(names()).toEqual(['Pousada', LONG]));
      expect(await stored()).toEqual([
        { name: 'Pousada', order_position: 1, is_active: true },
        { name: LONG, order_position: 2, is_active: true },
      ]);

      const pousada = screen.getByText('Pousada').closest('li') as HTMLElement;
      await user.click(within(pousada).getByRole('button', { name: 'Editar' }));
      dialog = await screen.findByRole('dialog');
      const edited = within(dialog).getByLabelText('Nome da Categoria') as HTMLInputElement;
      expect(edited.value).toBe('Pousada');
      await user.clear(edited);
      await refused('Digite um nome para a categoria');
      await user.type(edited, ' Pousadas ');
      await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await saved('Categoria atualizada com sucesso!');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(names()).toEqual(['Pousadas', LONG]));
      expect(await stored()).toEqual([
        { name: 'Pousadas', order_position: 1, is_active: true },
        { name: LONG, order_position: 2, is_active: true },
      ]);
      // The database renames it in the listings that named it too.
      expect(
        ok(
          await db.service.from('hospedagens').select('categorias').eq('slug', HOSPEDAGEM.slug),
          'hospedagem',
        ),
      ).toEqual([{ categorias: ['Pousadas'] }]);
      // One request each: the refused names sent none.
      expect(sent().map(([method]) => method)).toEqual(['POST', 'PATCH']);
    } finally {
      // The other cases read the fixture's categories: the name back (in the listings too), the
      // new one gone.
      ok(
        await db.service.from('categories').update({ name: 'Pousada' }).eq('id', pousadaId),
        'nome de volta',
      );
      ok(await db.service.from('categories').delete().eq('name', LONG), 'apagar categoria');
    }
  });

  it('a read that fails says so instead of "no categories"', async () => {
    dropRequests('/rest/v1/categories');
    show(Screens.Categories);
    expect(await screen.findByText('Não foi possível carregar as categorias.')).toBeTruthy();
    expect(
      screen.queryByText('Nenhuma categoria cadastrada. Clique em "Nova Categoria" para começar.'),
    ).toBeNull();
  });
});

describe('Configurações do Mapa (/admin/mapa)', () => {
  it('lists the first 10 of the 15 locations: Nome, Tipo, Latitude, Longitude', async () => {
    // Tipo is the kind's own name (hospedagem, comercio, passeio).
    const cellsOf = (rows: Fixture[], tipo: string) =>
      rows.map((row) => [row.name, tipo, String(row.latitude), String(row.longitude)]);
    const locations = [
      ...cellsOf([HOSPEDAGEM], 'hospedagem'),
      ...cellsOf([...COMERCIOS, FEATURED_COMERCIO], 'comercio'),
      ...cellsOf([PASSEIO], 'passeio'),
    ];
    expect(locations).toHaveLength(15);

    show(Screens.MapSettings);
    const table = screen.getByRole('table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Nome', 'Tipo', 'Latitude', 'Longitude']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 10));
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(new Set(shown.map((cells) => cells[0])).size).toBe(10);
    for (const cells of shown) expect(locations).toContainEqual(cells);
    expect(
      screen.getByText(
        'Para alterar a localização de um item, edite-o na sua própria página de edição.',
      ),
    ).toBeTruthy();
  });

  it("a read that fails says 'Não foi possível carregar as localizações.'", async () => {
    dropRequests('/rest/v1/comercios');
    show(Screens.MapSettings);
    expect(await screen.findByText('Não foi possível carregar as localizações.')).toBeTruthy();
  });
});

describe('the maps key (/admin/settings, /admin/mapa)', () => {
  const KEY = 'google_maps_api_key';
  const setSharedKey = async (value: string) =>
    ok(
      await db.service
        .from('site_settings')
        .update({ setting_value: value })
        .eq('setting_key', KEY)
        .select(),
      'chave do mapa',
    );

  const storedKey = async () =>
    (
      ok(
        await db.service.from('site_settings').select('setting_value').eq('setting_key', KEY),
        'chave guardada',
      ) as { setting_value: string }[]
    ).map((row) => row.setting_value);

  it('can be cleared, after a confirmation that says the map will show the list only', async () => {
    const sent = workerRequests();
    try {
      for (const [Screen, button] of [
        [Screens.Settings, 'Salvar chave'],
        [Screens.MapSettings, 'Salvar'],
      ] as const) {
        // A wrong key, shared and kept by this browser: the clearing takes both away.
        await setSharedKey('AIza-chave-errada');
        localStorage.setItem(KEY, 'AIza-chave-errada');
        const user = userEvent.setup();
        show(Screen);
        const field = (await screen.findByLabelText(
          'Chave da API do Google Maps',
        )) as HTMLInputElement;
        await waitFor(() => expect(field.value).toBe('AIza-chave-errada'));
        await user.clear(field);
        const save = screen.getByRole('button', { name: button });
        expect((save as HTMLButtonElement).disabled).toBe(false);
        await user.click(save);
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Remover a chave da API?')).toBeTruthy();
        expect(dialog.textContent).toContain(
          'Sem a chave, o mapa do site mostra apenas a lista de lugares para todos os visitantes, até que uma nova chave seja salva.',
        );
        await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // Cancelled: nothing sent, nothing changed.
        expect(sent()).toEqual([]);
        expect(await storedKey()).toEqual(['AIza-chave-errada']);
        await user.click(save);
        await user.click(
          within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover chave' }),
        );
        await notified('Chave removida');
        expect(await storedKey()).toEqual(['']);
        expect(localStorage.getItem(KEY)).toBeNull();
        vi.mocked(globalThis.fetch).mockClear();
        cleanup();
      }
    } finally {
      await setSharedKey('');
      localStorage.removeItem(KEY);
    }
  });

  it("shows this browser's own key, and saves what is typed, trimmed, without a confirmation", async () => {
    await setSharedKey('AIza-chave-do-site');
    localStorage.setItem(KEY, 'AIza-chave-local');
    try {
      const user = userEvent.setup();
      show(Screens.Settings);
      const field = (await screen.findByLabelText(
        'Chave da API do Google Maps',
      )) as HTMLInputElement;
      expect(field.value).toBe('AIza-chave-local');
      await user.clear(field);
      await user.type(field, '  AIza-nova  ');
      await user.click(screen.getByRole('button', { name: 'Salvar chave' }));
      // No confirmation: only a blank key asks for one. Saved for every visitor and this browser.
      await notified('Chave salva com sucesso');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(await storedKey()).toEqual(['AIza-nova']);
      expect(localStorage.getItem(KEY)).toBe('AIza-nova');
    } finally {
      await setSharedKey('');
      localStorage.removeItem(KEY);
    }
  });
});

describe('Funções (/admin/roles)', () => {
  const cards = () => screen.getAllByTestId('user-card');
  const cardOf = (name: string) => {
    const card = cards().find((element) => element.textContent?.includes(name));
    if (!card) throw new Error(`sem cartão para ${name}`);
    return card;
  };

  it('lists users by full_name, with the name and username fallbacks and their e-mails', async () => {
    show(Screens.Roles);
    await waitFor(() => expect(cards()).toHaveLength(5));
    // Ascending full_name; a profile without one comes last (PostgREST's ascending order).
    expect(namesIn(cards())).toEqual([
      'Ana Administradora',
      'Beatriz Lima',
      'Carlos Souza',
      'Eduardo Reis',
      'Nome não informado',
    ]);
    const usernames = cards().map((card) => card.querySelectorAll('p')[1]?.textContent);
    expect(usernames).toEqual(['@ana.admin', '@bia', '@carlos', 'username não informado', '@dora']);
    // Each user's e-mail, which only an admin reads (user_emails; auth.users stays closed).
    await waitFor(() =>
      expect(cards().map((card) => within(card).queryByTestId('user-email')?.textContent)).toEqual([
        ADMIN.email,
        'bia@teste.local',
        'carlos@teste.local',
        'edu@teste.local',
        'dora@teste.local',
      ]),
    );
    expect(within(cardOf('Beatriz Lima')).getByRole('combobox').textContent).toBe('Moderador');
    expect(within(cardOf('Carlos Souza')).getByRole('combobox').textContent).toBe('Usuário');
    expect(within(cardOf('Ana Administradora')).getByRole('combobox').textContent).toBe('Admin');
  });

  it("a search that matches nobody says 'Nenhum usuário encontrado.'", async () => {
    const user = userEvent.setup();
    show(Screens.Roles);
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByText('Nenhum usuário encontrado.')).toBeNull();
    const search = screen.getByPlaceholderText('Pesquisar por nome ou usuário...');
    await user.type(search, 'LIMA');
    await waitFor(() => expect(namesIn(cards())).toEqual(['Beatriz Lima']));
    await user.clear(search);
    await user.type(search, 'Zuleide');
    expect(await screen.findByText('Nenhum usuário encontrado.')).toBeTruthy();
    expect(screen.queryAllByTestId('user-card')).toHaveLength(0);
  });

  it('with more users than it shows, the search finds any of them, punctuation taken literally', async () => {
    const extra = await Promise.all(
      Array.from({ length: 101 }, (_, i) =>
        createUser(`visitante${i}@teste.local`, {
          full_name: i === 100 ? 'Zé (do Forte), guia' : `Visitante ${String(i).padStart(3, '0')}`,
          username: `visitante${i}`,
        }),
      ),
    );
    try {
      const user = userEvent.setup();
      show(Screens.Roles);
      await waitFor(() => expect(cards()).toHaveLength(100), { timeout: 15_000 });
      // 106 users in all; by full_name, 'Zé (do Forte), guia' is past the first hundred.
      expect(await screen.findByText(/^Mostrando 100 de 106\./)).toBeTruthy();
      expect(screen.queryByText('Zé (do Forte), guia')).toBeNull();
      await user.type(
        screen.getByPlaceholderText('Pesquisar por nome ou usuário...'),
        '(DO FORTE),',
      );
      await waitFor(() => expect(namesIn(cards())).toEqual(['Zé (do Forte), guia']), {
        timeout: 15_000,
      });
      expect(screen.queryByText(/^Mostrando/)).toBeNull();
      // By username too.
      await user.clear(screen.getByPlaceholderText('Pesquisar por nome ou usuário...'));
      await user.type(
        screen.getByPlaceholderText('Pesquisar por nome ou usuário...'),
        'visitante42',
      );
      await waitFor(() => expect(namesIn(cards())).toEqual(['Visitante 042']), {
        timeout: 15_000,
      });
    } finally {
      const gone = await Promise.all(extra.map((id) => db.service.auth.admin.deleteUser(id)));
      for (const answer of gone) ok(answer, 'apagar visitante');
    }
  }, 120_000);

  it('Conceder Acesso Admin: enabled once an e-mail is typed; a refusal keeps what was typed', async () => {
    const user = userEvent.setup();
    show(Screens.Roles);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const grant = screen.getByRole('button', {
      name: 'Conceder Acesso Admin',
    }) as HTMLButtonElement;
    expect(grant.disabled).toBe(true);
    try {
      // An e-mail field drops the spaces around what is typed: only spaces is still nothing.
      await user.type(email, '   ');
      expect(grant.disabled).toBe(true);
      await user.type(email, 'c');
      expect(grant.disabled).toBe(false);
      // An e-mail no account has: the database refuses, and the e-mail stays to be corrected.
      await user.type(email, 'arla@teste.local');
      await user.click(grant);
      expect(
        await screen.findByText(
          'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
        ),
      ).toBeTruthy();
      expect(email.value).toBe('carla@teste.local');
      expect(grant.disabled).toBe(false);
      expect((await rolesOf(carlos)).map((row) => row.role)).toEqual(['user']);

      // Corrected: granted, the field empties, and the account is an administrator only.
      await user.clear(email);
      await user.type(email, 'carlos@teste.local');
      await user.click(grant);
      expect(
        await screen.findByText('Acesso de administrador concedido para carlos@teste.local'),
      ).toBeTruthy();
      await waitFor(() => expect(email.value).toBe(''));
      expect(grant.disabled).toBe(true);
      expect((await rolesOf(carlos)).map((row) => row.role)).toEqual(['admin']);
    } finally {
      await setRole(carlos, 'user');
    }
  });

  it("picking the user's current role changes nothing: no request, no toast, same role rows", async () => {
    const before = await rolesOf(bia);
    expect(before.map((row) => row.role)).toEqual(['moderator']);
    const sent = workerRequests();

    const user = userEvent.setup();
    show(Screens.Roles);
    await waitFor(() => expect(cards()).toHaveLength(5));
    const select = within(cardOf('Beatriz Lima')).getByRole('combobox');
    await user.click(select);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Moderador' }),
    );
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(within(cardOf('Beatriz Lima')).getByRole('combobox').textContent).toBe('Moderador');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent()).toEqual([]);
    expect(await rolesOf(bia)).toEqual(before);

    try {
      // A different role does go to the worker, which saves it: the card and the database say
      // 'Admin', and the request is the only one (the same-role pick above sent none).
      await user.click(within(cardOf('Beatriz Lima')).getByRole('combobox'));
      await user.click(
        within(await screen.findByRole('listbox')).getByRole('option', { name: 'Admin' }),
      );
      expect(await screen.findByText('Função do usuário atualizada com sucesso.')).toBeTruthy();
      await waitFor(() =>
        expect(within(cardOf('Beatriz Lima')).getByRole('combobox').textContent).toBe('Admin'),
      );
      expect((await rolesOf(bia)).map((row) => row.role)).toEqual(['admin']);
      expect(sent().map(([method, url]) => [method, url])).toEqual([
        ['PUT', `${worker.url}/api/users/${bia}/role`],
      ]);
    } finally {
      await setRole(bia, 'moderator');
    }
  });
});
