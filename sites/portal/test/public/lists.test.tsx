// @vitest-environment happy-dom
// The list islands in a browser-like document: filters mirrored in the address, the dialog's
// address, and the listings past the first page read from their static JSON (served for real).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ComercioList from '../../src/islands/ComercioList.tsx';
import HospedagemList from '../../src/islands/HospedagemList.tsx';
import PasseioList from '../../src/islands/PasseioList.tsx';
import { LIST_FIRST_PAGE } from '../../src/lib/listing-view.ts';
import { comercio, hospedagem, passeio } from './fixtures.ts';
import { afterPopstate } from './popstate.ts';

let server: Server;
let base = '';
const responses = new Map<string, { status: number; body: string; delayMs?: number }>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      response.end();
      return;
    }
    const answer = responses.get(request.url ?? '') ?? { status: 404, body: '' };
    setTimeout(() => {
      response.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
      });
      response.end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  responses.clear();
  history.replaceState(null, '', '/hospedagem');
});
afterEach(cleanup);

const cardNames = () =>
  screen.queryAllByRole('article').map((card) => card.querySelector('h2')?.textContent);

describe('HospedagemList', () => {
  const items = [
    hospedagem('azul', { name: 'Pousada Azul', price: 150, categorias: ['Pousada'] }),
    hospedagem('sol', { name: 'Hotel Sol', price: 300, categorias: ['Hotel'] }),
  ];
  const props = {
    kind: 'hospedagem' as const,
    items,
    total: items.length,
    remainingUrl: `${base}/nada.json`,
    categories: ['Pousada', 'Hotel', 'Casa'],
  };

  it('filters as the visitor types and keeps the state in the address', async () => {
    render(<HospedagemList {...props} remainingUrl={`${base}/nada.json`} />);
    expect(screen.getByRole('status').textContent).toBe('2 opções encontradas');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: 'hotel' },
    });
    expect(cardNames()).toEqual(['Hotel Sol']);
    expect(screen.getByRole('status').textContent).toBe('1 opção encontrada');
    expect(location.search).toBe('?busca=hotel');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pousada' }));
    expect(screen.getByRole('button', { name: 'Pousada' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(cardNames()).toEqual(['Pousada Azul']);
    expect(location.search).toBe('?categoria=Pousada');
    fireEvent.click(screen.getByRole('button', { name: 'Casa' }));
    expect(location.search).toBe('?categoria=Pousada&categoria=Casa');
    fireEvent.click(screen.getByRole('button', { name: 'Pousada' }));
    fireEvent.click(screen.getByRole('button', { name: 'Casa' }));
    fireEvent.change(screen.getByLabelText('Preço mínimo'), { target: { value: '999' } });
    expect(screen.getByText('Nenhuma hospedagem encontrada')).toBeTruthy();
    expect(
      screen.getByText('Tente ajustar seus filtros ou alterar os termos da busca.'),
    ).toBeTruthy();
  });

  it('starts from the filters in the address', async () => {
    history.replaceState(null, '', '/hospedagem?ordem=preco-desc&max=200');
    render(<HospedagemList {...props} />);
    await waitFor(() => expect(cardNames()).toEqual(['Pousada Azul']));
    expect((screen.getByLabelText('Ordenar por') as HTMLSelectElement).value).toBe('preco-desc');
  });

  it("opens a listing's dialog at its own address and goes back to the list on close", async () => {
    history.replaceState(null, '', '/hospedagem?busca=sol');
    render(<HospedagemList {...props} />);
    await waitFor(() => expect(cardNames()).toEqual(['Hotel Sol']));
    fireEvent.click(screen.getByRole('link', { name: 'Hotel Sol' }));
    expect(location.pathname).toBe('/hospedagem/sol');
    expect(document.title).toBe('Hotel Sol | Guia Fortim');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sobre a Hospedagem');
    expect(dialog.textContent).toContain('R$ 300,00');
    // 'Fechar' goes back in history: the island closes the dialog when that popstate comes.
    await afterPopstate(() => fireEvent.click(screen.getByRole('button', { name: 'Fechar' })));
    expect(location.pathname + location.search).toBe('/hospedagem?busca=sol');
    expect(screen.queryByText('Sobre a Hospedagem')).toBeNull();
  });

  it('reads the listings after the first page when a filter needs them', async () => {
    const first = Array.from({ length: LIST_FIRST_PAGE }, (_, i) =>
      hospedagem(`p${i}`, { name: `Primeira ${i}`, price: 100 }),
    );
    const rest = [hospedagem('ultima', { name: 'Última Pousada', price: 999 })];
    responses.set('/restantes.json', { status: 200, body: JSON.stringify(rest), delayMs: 100 });
    render(
      <HospedagemList
        {...props}
        items={first}
        total={first.length + rest.length}
        remainingUrl={`${base}/restantes.json`}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      `${LIST_FIRST_PAGE + 1} opções encontradas`,
    );
    expect(screen.getAllByRole('article')).toHaveLength(LIST_FIRST_PAGE);
    fireEvent.change(screen.getByLabelText('Preço mínimo'), { target: { value: '500' } });
    expect(screen.getByText('Carregando hospedagens...')).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(['Última Pousada']));
    expect(screen.getByRole('status').textContent).toBe('1 opção encontrada');
  });
});

describe('ComercioList', () => {
  it('chooses one category at a time, with Todos, and says where it looked', () => {
    render(
      <ComercioList
        kind="comercio"
        items={[comercio('a', { categoria: 'Café' }), comercio('b', { categoria: 'Loja' })]}
        total={2}
        remainingUrl={`${base}/nada.json`}
        categories={['Café', 'Loja']}
      />,
    );
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Café' }));
    expect(screen.getByRole('status').textContent).toBe('1 estabelecimento encontrado em "Café"');
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const toggle = screen.getByRole('button', { name: 'Filtros' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: 'nada disso' },
    });
    expect(screen.getByText('Nenhum estabelecimento encontrado')).toBeTruthy();
  });

  it('shows six skeleton cards while loading and the error text when the list cannot load', async () => {
    const first = Array.from({ length: LIST_FIRST_PAGE }, (_, i) => comercio(`c${i}`));
    responses.set('/falha.json', { status: 500, body: 'erro', delayMs: 100 });
    history.replaceState(null, '', '/comercio');
    const { container } = render(
      <ComercioList
        kind="comercio"
        items={first}
        total={first.length + 5}
        remainingUrl={`${base}/falha.json`}
        categories={['Loja']}
      />,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), {
      target: { value: 'loja' },
    });
    // /comercio: Six skeleton cards while loading.
    expect(container.querySelectorAll('li.animate-pulse')).toHaveLength(6);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Erro ao carregar comércios. Por favor, recarregue a página.',
      ),
    );
  });
});

describe('PasseioList', () => {
  it("offers 'Todas as categorias' and names the chosen one in the count", () => {
    history.replaceState(null, '', '/passeios');
    render(
      <PasseioList
        kind="passeio"
        items={[passeio('a'), passeio('b', { categoria: 'Aventura' })]}
        total={2}
        remainingUrl={`${base}/nada.json`}
        categories={['Natureza', 'Aventura']}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('2 passeio(s) encontrado(s)');
    fireEvent.click(screen.getByRole('button', { name: 'Aventura' }));
    expect(screen.getByRole('status').textContent).toBe(
      '1 passeio(s) encontrado(s) na categoria "Aventura"',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Todas as categorias' }));
    expect(location.search).toBe('');
  });
});
