// @vitest-environment happy-dom
// The content screens' failure messages, each kind in its noun's gender, with the real data
// provider against a real db/local: a list that cannot be read ('Não foi possível carregar as
// hospedagens.'), a delete the worker fails ('Não foi possível excluir a hospedagem.'), an edit
// screen that cannot read its item ('Não foi possível carregar os dados da hospedagem.'), and the
// roles page that cannot read the users ('Erro ao carregar perfis de usuários.'). The worker is not
// running (the panel's apiUrl refuses connections); a read fails by the network dropping it. The
// expected sentences are written out as the admin panel's error catalogue gives them.
import type { ListingResource } from '@guia-fortim/domain';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';
import { signedInPanel } from './support/panel.tsx';

const API_URL = 'http://127.0.0.1:9';
configure({ asyncUtilTimeout: 10_000 });

const ADMIN = { email: 'ana.falhas@teste.local', password: 'senha-forte-1' };
const COMMON = { phone: '5588999990000', image_url: '/images/item-hero.jpg' };
const ROWS: Record<ListingResource, Record<string, unknown>> = {
  hospedagens: {
    ...COMMON,
    slug: 'pousada-falha',
    name: 'Pousada Falha',
    description: 'Quartos.',
    address: 'Rua 1',
    price: 100,
    categorias: ['Pousada'],
  },
  comercios: {
    ...COMMON,
    slug: 'loja-falha',
    name: 'Loja Falha',
    description: 'Artesanato.',
    address: 'Rua 2',
  },
  passeios: {
    ...COMMON,
    slug: 'passeio-falha',
    name: 'Passeio Falha',
    description: 'Barco.',
    price: 80,
  },
};

// "'Não foi possível carregar as hospedagens.' (also comércios, passeios); 'Não foi possível
// excluir a hospedagem.' (also comércio, passeio); 'Não foi possível carregar os dados da
// hospedagem.' (also do comércio, do passeio)"
const MESSAGES: Record<ListingResource, { load: string; remove: string; loadOne: string }> = {
  hospedagens: {
    load: 'Não foi possível carregar as hospedagens.',
    remove: 'Não foi possível excluir a hospedagem.',
    loadOne: 'Não foi possível carregar os dados da hospedagem.',
  },
  comercios: {
    load: 'Não foi possível carregar os comércios.',
    remove: 'Não foi possível excluir o comércio.',
    loadOne: 'Não foi possível carregar os dados do comércio.',
  },
  passeios: {
    load: 'Não foi possível carregar os passeios.',
    remove: 'Não foi possível excluir o passeio.',
    loadOne: 'Não foi possível carregar os dados do passeio.',
  },
};
const KINDS = Object.keys(ROWS) as ListingResource[];

let db: TestDatabase;
let Admin: ComponentType<{ children: ReactNode }>;
let ListingList: ComponentType;
let ListingEdit: ComponentType<{ kind: ListingResource }>;
let Roles: ComponentType;
const ids = {} as Record<ListingResource, string>;

beforeAll(async () => {
  db = await startDatabase();
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl: API_URL });
  const created = ok(
    await db.service.auth.admin.createUser({ ...ADMIN, email_confirm: true }),
    'criar admin',
  );
  const id = created.user?.id as string;
  ok(await db.service.from('user_roles').delete().eq('user_id', id), 'apagar funções');
  ok(await db.service.from('user_roles').insert({ user_id: id, role: 'admin' }), 'admin');
  for (const kind of KINDS) {
    const [row] = ok(await db.service.from(kind).insert(ROWS[kind]).select('id'), kind) as {
      id: string;
    }[];
    ids[kind] = row?.id as string;
  }

  ({ Admin } = await signedInPanel(ADMIN));
  ListingList = (await import('../src/listings/ListingList.tsx')).default;
  ListingEdit = (await import('../src/listings/ListingForm.tsx')).ListingEdit;
  Roles = (await import('../src/roles/Roles.tsx')).default;
}, 120_000);

afterAll(() => db?.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The network drops every request whose address holds `path`; the database is never stubbed. */
function dropRequests(path: string) {
  const network = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input instanceof Request ? input.url : input).includes(path)
      ? Promise.reject(new TypeError('Failed to fetch'))
      : network(input, init),
  );
}

function showList(kind: ListingResource) {
  window.history.replaceState(null, '', `/admin/${kind}#/admin/${kind}`);
  return render(
    <Admin>
      <ResourceContextProvider value={kind}>
        <ListingList />
      </ResourceContextProvider>
    </Admin>,
  );
}

function showEdit(kind: ListingResource) {
  const router = createMemoryRouter(
    [{ path: '/admin/:kind/editar/:id', element: <Admin>{<ListingEdit kind={kind} />}</Admin> }],
    { initialEntries: [`/admin/${kind}/editar/${ids[kind]}`] },
  );
  return render(<RouterProvider router={router} />);
}

/** The notification, once it says `title`. */
async function toast(title: string) {
  await waitFor(() => expect(within(screen.getByRole('alert')).getByText(title)).toBeTruthy());
}

describe.each(KINDS)('%s', (kind) => {
  it('a list that cannot be read says so', async () => {
    dropRequests(`/rest/v1/${kind}`);
    showList(kind);
    await toast(MESSAGES[kind].load);
  });

  it('Excluir, confirmed, that the worker fails says so', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    showList(kind);
    const row = await screen.findByTestId('listing-row');
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));
    await toast(MESSAGES[kind].remove);
  });

  it('an edit screen that cannot read its item says so', async () => {
    dropRequests(`/rest/v1/${kind}`);
    showEdit(kind);
    await toast(MESSAGES[kind].loadOne);
  });
});

describe('Gerenciar Funções', () => {
  it("a users' read that fails says 'Erro ao carregar perfis de usuários.'", async () => {
    dropRequests('/rest/v1/');
    render(
      <Admin>
        <Roles />
      </Admin>,
    );
    await toast('Erro ao carregar perfis de usuários.');
  });
});
