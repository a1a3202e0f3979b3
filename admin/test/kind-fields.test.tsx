// @vitest-environment happy-dom
// A kind's field definitions make its screens: a field added to the definition shows in the form
// (an input), the list (a column, with the value read from the database) and the CSV export (a
// column). The field added here is a real column the screens do not show today, the page's
// address (`slug`), so every value comes from a real db/local through the real data provider.
import {
  type FieldDefinition,
  type KindFields,
  LISTING_FIELDS,
  type ListingKind,
} from '@guia-fortim/domain';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import type { ListingRow } from '../src/listings/listingRow.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';
import { signedInPanel } from './support/panel.tsx';

configure({ asyncUtilTimeout: 10_000 });

const ADMIN = { email: 'ana@teste.local', password: 'senha-forte-1' };
const SLUG: FieldDefinition = {
  column: 'slug',
  label: 'Endereço da página',
  type: 'text',
  list: 'Página',
  export: 'Página',
  site: 'Página',
};

/** A test-local copy of a kind's definition with the page's address as one more field. */
function withSlug(kind: ListingKind): KindFields {
  const { fields, details } = LISTING_FIELDS[kind];
  return { fields: [...fields, SLUG], details: [...details, { facts: ['slug'] }] };
}

const ROW = {
  slug: 'sabor-do-rio',
  name: 'Sabor do Rio',
  description: 'Comida regional.',
  address: 'Rua do Porto, 8',
  horario: '8h às 18h',
  categoria: 'Restaurante',
  phone: '5588999990001',
  image_url: '/images/comercio-hero.jpg',
};

let db: TestDatabase;
let Admin: ComponentType<{ children: ReactNode }>;
let panel: {
  ListingCreate: typeof import('../src/listings/ListingForm.tsx').ListingCreate;
  ListingList: typeof import('../src/listings/ListingList.tsx').default;
  csvLine: typeof import('../src/listings/listingExporter.ts').csvLine;
};

beforeAll(async () => {
  db = await startDatabase();
  setPanelConfig({
    supabaseUrl: db.url,
    publishableKey: db.publishableKey,
    apiUrl: 'http://127.0.0.1:9',
  });
  const created = ok(
    await db.service.auth.admin.createUser({ ...ADMIN, email_confirm: true }),
    'criar admin',
  );
  ok(
    await db.service
      .from('user_roles')
      .delete()
      .eq('user_id', created.user?.id as string),
    'apagar funções',
  );
  ok(
    await db.service.from('user_roles').insert({ user_id: created.user?.id, role: 'admin' }),
    'função admin',
  );
  ok(await db.service.from('comercios').insert(ROW), 'comércio');
  ({ Admin } = await signedInPanel(ADMIN));
  panel = {
    ListingCreate: (await import('../src/listings/ListingForm.tsx')).ListingCreate,
    ListingList: (await import('../src/listings/ListingList.tsx')).default,
    csvLine: (await import('../src/listings/listingExporter.ts')).csvLine,
  };
}, 120_000);

afterAll(() => db?.stop());
afterEach(cleanup);

describe('a field added to a kind’s definition', () => {
  it('is an input of the form, labelled as the definition says', () => {
    render(
      <Admin>
        <panel.ListingCreate kind="comercios" definition={withSlug('comercio')} />
      </Admin>,
    );
    expect(screen.getByLabelText('Endereço da página')).toBeTruthy();
    // Without it, the form is the kind's own.
    cleanup();
    render(
      <Admin>
        <panel.ListingCreate kind="comercios" />
      </Admin>,
    );
    expect(screen.queryByLabelText('Endereço da página')).toBeNull();
  });

  it("is a column of the list, after the kind's own columns, with the stored value", async () => {
    window.history.replaceState(null, '', '/admin/comercios#/admin/comercios');
    render(
      <Admin>
        <ResourceContextProvider value="comercios">
          <panel.ListingList definition={withSlug('comercio')} />
        </ResourceContextProvider>
      </Admin>,
    );
    const row = await screen.findByTestId('listing-row');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers.slice(1, 5)).toEqual(['Nome', 'Categorias', 'Avaliação', 'Página']);
    expect(within(row).getByText('sabor-do-rio')).toBeTruthy();
  });

  it('is a column of the CSV export, after the kind’s own columns', async () => {
    const row = ok(
      await db.service.from('comercios').select('*').eq('slug', ROW.slug).single(),
      'ler comércio',
    ) as ListingRow;
    const line = panel.csvLine('comercios', row, withSlug('comercio'));
    expect(Object.keys(line)).toEqual([
      'Nome',
      'Categorias',
      'Avaliação',
      'Telefone (WhatsApp)',
      'Endereço',
      'Horário',
      'Página',
      'Comodidades',
      'Latitude',
      'Longitude',
      'Destaque',
      'Topo',
      'Criado em',
    ]);
    expect(line.Página).toBe('sabor-do-rio');
    expect(Object.keys(panel.csvLine('comercios', row))).not.toContain('Página');
  });
});
