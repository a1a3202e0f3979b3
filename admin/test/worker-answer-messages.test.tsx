// @vitest-environment happy-dom
// What Gerenciar Categorias and the maps key (Configurações, Configurações do Mapa) say about a
// save, with the real data provider, a real db/local and the real worker in front of it: the maps
// key's notifications when the worker saves or removes it, when it cannot be reached, and when the
// panel refuses the key itself; and the screens' own texts for a failure that brings no message of
// its own — the worker's answer breaking off before the panel could read it (a refusal the
// worker explains, or a worker out of reach, says the worker's or the network's words instead).
// Expected texts are written out as the product states them, never read from the code.
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPanelConfig } from '../src/config.ts';
import { CATEGORIES } from '../src/resources.ts';
import { answersCutOff } from './support/answers-cut-off.ts';
import { ok, startDatabase, type TestDatabase } from './support/database.ts';
import { signedInPanel } from './support/panel.tsx';
import { resourceScreen } from './support/resourceScreen.tsx';
import { startTestWorker, type TestWorker } from './support/worker.ts';

/** Nothing listens here: a request to it gets no answer at all. */
const UNREACHABLE = 'http://127.0.0.1:9';
configure({ asyncUtilTimeout: 10_000 });

const ADMIN = { email: 'ana.respostas@teste.local', password: 'senha-forte-1' };
const KEY = 'google_maps_api_key';
const KEY_LABEL = 'Chave da API do Google Maps';
const NETWORK = 'Não foi possível falar com o servidor. Verifique sua conexão.';
const CLEARED =
  'Sem a chave, o mapa do site mostra apenas a lista de lugares para todos os visitantes, até que uma nova chave seja salva.';

let db: TestDatabase;
let worker: TestWorker;
let cutOff: TestWorker;
let Admin: ComponentType<{ children: ReactNode }>;
let Categories: ComponentType;
let Settings: ComponentType;
let MapSettings: ComponentType;

/** Where the panel finds the worker from now on. */
function workerAt(apiUrl: string) {
  setPanelConfig({ supabaseUrl: db.url, publishableKey: db.publishableKey, apiUrl });
}

beforeAll(async () => {
  db = await startDatabase();
  worker = await startTestWorker(db, window.location.origin);
  cutOff = await answersCutOff(worker.url);
  workerAt(worker.url);
  const created = ok(
    await db.service.auth.admin.createUser({ ...ADMIN, email_confirm: true }),
    'criar admin',
  );
  const id = created.user?.id as string;
  ok(await db.service.from('user_roles').delete().eq('user_id', id), 'apagar funções');
  ok(await db.service.from('user_roles').insert({ user_id: id, role: 'admin' }), 'admin');
  ok(
    await db.service.from('categories').insert([
      { name: 'Pousada', type: 'hospedagem', order_position: 1 },
      { name: 'Chalé', type: 'hospedagem', order_position: 2 },
    ]),
    'categorias',
  );

  ({ Admin } = await signedInPanel(ADMIN));
  Categories = resourceScreen(CATEGORIES, (await import('../src/categories/index.ts')).default);
  Settings = (await import('../src/settings/Settings.tsx')).default;
  MapSettings = (await import('../src/settings/MapSettings.tsx')).default;
}, 180_000);

afterAll(async () => {
  await cutOff?.stop();
  await worker?.stop();
  await db?.stop();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  workerAt(worker.url);
  localStorage.removeItem(KEY);
  await setSharedKey('');
});

function show(Screen: ComponentType) {
  return render(
    <Admin>
      <Screen />
    </Admin>,
  );
}

/** The network drops every request whose address holds `path`; the database is never stubbed. */
function dropRequests(path: string) {
  const network = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input instanceof Request ? input.url : input).includes(path)
      ? Promise.reject(new TypeError('Failed to fetch'))
      : network(input, init),
  );
}

/** What the screen sent to the worker's routes so far: method and path of each (no preflights). */
function workerRequests() {
  const sent = vi.spyOn(globalThis, 'fetch');
  return () =>
    sent.mock.calls
      .map(([input, init]) => [
        init?.method ?? (input instanceof Request ? input.method : 'GET'),
        new URL(String(input instanceof Request ? input.url : input)),
      ])
      .filter(([, url]) => (url as URL).pathname.startsWith('/api/'))
      .map(([method, url]) => [method, (url as URL).pathname]);
}

/**
 * The notification, once its title is `title`, with `description` under it when given. A dialog
 * open over the page hides the rest from the accessibility tree: the notification is looked for
 * there too.
 */
async function toast(title: string, description?: string) {
  const alert = () => screen.getByRole('alert', { hidden: true });
  await waitFor(() => expect(within(alert()).getByText(title)).toBeTruthy());
  if (description !== undefined) expect(within(alert()).getByText(description)).toBeTruthy();
  return alert();
}

async function setSharedKey(value: string) {
  ok(
    await db.service
      .from('site_settings')
      .update({ setting_value: value })
      .eq('setting_key', KEY)
      .select(),
    'chave do mapa',
  );
}

async function sharedKey() {
  const [row] = ok(
    await db.service.from('site_settings').select('setting_value').eq('setting_key', KEY),
    'ler chave',
  ) as { setting_value: string }[];
  return row?.setting_value;
}

describe('Gerenciar Categorias: failures', () => {
  it("Criar, when the worker's answer breaks off, says 'Erro ao salvar categoria'", async () => {
    workerAt(cutOff.url);
    const user = userEvent.setup();
    show(Categories);
    await screen.findByText('Pousada');
    await user.click(screen.getByRole('button', { name: 'Nova Categoria' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome da Categoria'), 'Casa de praia');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await toast('Erro ao salvar categoria');
    // The dialog stays open with the name, to try again.
    expect((within(dialog).getByLabelText('Nome da Categoria') as HTMLInputElement).value).toBe(
      'Casa de praia',
    );
    // Only the answer was lost: the worker had created it.
    expect(
      ok(await db.service.from('categories').select('id').eq('name', 'Casa de praia'), 'ler'),
    ).toHaveLength(1);
  });

  it("Atualizar, when the worker's answer breaks off, says 'Erro ao salvar categoria'", async () => {
    workerAt(cutOff.url);
    const user = userEvent.setup();
    show(Categories);
    const item = (await screen.findByText('Chalé')).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Nome da Categoria') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Chalé'));
    await user.type(name, 's');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await toast('Erro ao salvar categoria');
  });

  it("Excluir, confirmed, when the worker's answer breaks off, says 'Erro ao excluir categoria'", async () => {
    workerAt(cutOff.url);
    const user = userEvent.setup();
    show(Categories);
    const item = (await screen.findByText('Pousada')).closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await toast('Erro ao excluir categoria');
  });

  it("a list that cannot be read says 'Erro ao carregar' / 'Não foi possível carregar as categorias.'", async () => {
    dropRequests('/rest/v1/categories');
    show(Categories);
    await toast('Erro ao carregar', 'Não foi possível carregar as categorias.');
  });
});

describe('the maps key: Configurações (Salvar chave) and Configurações do Mapa (Salvar)', () => {
  const SCREENS = [
    ['Configurações', () => Settings, 'Salvar chave'],
    ['Configurações do Mapa', () => MapSettings, 'Salvar'],
  ] as const;

  /** The screen with its key field showing `current`; the field, and its Salvar. */
  async function keyForm(Screen: ComponentType, button: string, current = '') {
    show(Screen);
    const field = (await screen.findByLabelText(KEY_LABEL)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(current));
    return { field, save: screen.getByRole('button', { name: button }) };
  }

  /** Pastes `value` into the empty field and saves. */
  async function saveKey(Screen: ComponentType, button: string, value: string) {
    const user = userEvent.setup();
    const { field, save } = await keyForm(Screen, button);
    await user.click(field);
    await user.paste(value);
    await user.click(save);
  }

  /** Empties the field holding `current`, saves, and confirms 'Remover chave'. */
  async function removeKey(Screen: ComponentType, button: string, current: string) {
    const user = userEvent.setup();
    const { field, save } = await keyForm(Screen, button, current);
    await user.clear(field);
    await user.click(save);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remover chave' }));
  }

  it("saved by the worker: 'Chave salva com sucesso' with what changed; 'Chave da API salva com sucesso!'", async () => {
    const said = {
      Configurações: [
        'AIza-geral',
        'Chave salva com sucesso',
        'A chave da API do Google Maps foi atualizada.',
      ],
      'Configurações do Mapa': ['AIza-mapa', 'Chave da API salva com sucesso!', undefined],
    } as const;
    for (const [name, Screen, button] of SCREENS) {
      const [value, title, description] = said[name];
      await saveKey(Screen(), button, value);
      await toast(title, description);
      expect(await sharedKey()).toBe(value);
      expect(localStorage.getItem(KEY)).toBe(value);
      cleanup();
      localStorage.removeItem(KEY);
      await setSharedKey('');
    }
  });

  it("removed by the worker: 'Chave removida', with what the site's map does without it", async () => {
    for (const [, Screen, button] of SCREENS) {
      await setSharedKey('AIza-antiga');
      await removeKey(Screen(), button, 'AIza-antiga');
      await toast('Chave removida', CLEARED);
      expect(await sharedKey()).toBe('');
      cleanup();
    }
  });

  it("a worker out of reach: 'Erro ao salvar' / 'Não foi possível falar com o servidor. Verifique sua conexão.'", async () => {
    workerAt(UNREACHABLE);
    for (const [, Screen, button] of SCREENS) {
      await saveKey(Screen(), button, 'AIza-nova');
      await toast('Erro ao salvar', NETWORK);
      cleanup();
      await setSharedKey('AIza-antiga');
      await removeKey(Screen(), button, 'AIza-antiga');
      await toast('Erro ao salvar', NETWORK);
      expect(await sharedKey()).toBe('AIza-antiga');
      cleanup();
      await setSharedKey('');
    }
  });

  it("an answer that breaks off: 'Erro ao salvar' / 'Não foi possível salvar a chave da API.'", async () => {
    workerAt(cutOff.url);
    for (const [, Screen, button] of SCREENS) {
      await saveKey(Screen(), button, 'AIza-nova');
      await toast('Erro ao salvar', 'Não foi possível salvar a chave da API.');
      // The worker saved it; the panel, which could not tell, does not keep it as this browser's.
      expect(await sharedKey()).toBe('AIza-nova');
      expect(localStorage.getItem(KEY)).toBeNull();
      cleanup();
      await setSharedKey('AIza-antiga');
      await removeKey(Screen(), button, 'AIza-antiga');
      await toast('Erro ao salvar', 'Não foi possível salvar a chave da API.');
      cleanup();
      await setSharedKey('');
    }
  });

  it("a key longer than 2000 characters: 'Erro ao salvar' / 'Valor muito longo (máximo de 2000 caracteres).', and nothing is sent", async () => {
    const sent = workerRequests();
    for (const [, Screen, button] of SCREENS) {
      await saveKey(Screen(), button, 'A'.repeat(2001));
      await toast('Erro ao salvar', 'Valor muito longo (máximo de 2000 caracteres).');
      cleanup();
    }
    expect(sent()).toEqual([]);
    expect(await sharedKey()).toBe('');
  });
});
