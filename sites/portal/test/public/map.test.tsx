// @vitest-environment happy-dom
import { MESSAGES } from '@guia-fortim/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MapView from '../../src/islands/MapView.tsx';
import { FLASH_KEY } from '../../src/lib/auth/flash.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The page passes db's message in, as index.astro and mapa.astro do.
const props = { variant: 'embedded' as const, emptyKeyMessage: MESSAGES.mapsKey };
// /mapa: saves it in the browser's local storage (entry google_maps_api_key).
const STORAGE_KEY = 'google_maps_api_key';

describe('MapView', () => {
  it('has the key form in the HTML when the site has no key, and a loading text otherwise', () => {
    const withoutKey = renderToString(<MapView {...props} siteKey="" />);
    expect(withoutKey).toContain('Salvar chave');
    // /mapa: it states the key stays only in the browser (the product's wording).
    expect(withoutKey).toContain('A chave fica salva apenas no seu navegador.');
    const withKey = renderToString(<MapView {...props} siteKey="chave-publica" />);
    expect(withKey).not.toContain('Salvar chave');
    expect(withKey).toContain('Carregando mapa...');
  });

  it('saves only a non-empty key, in this browser only', () => {
    render(<MapView {...props} siteKey="" />);
    fireEvent.change(screen.getByLabelText('Chave da API do Google Maps'), {
      target: { value: '   ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar chave' }));
    // Maps key is saved only when non-empty. (the message is the product's own)
    expect(screen.getByRole('alert').textContent).toBe('Informe a chave da API.');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    fireEvent.change(screen.getByLabelText('Chave da API do Google Maps'), {
      target: { value: ' minha-chave ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar chave' }));
    expect(localStorage.getItem(STORAGE_KEY)).toBe('minha-chave');
    // Maps: "key saved 'API Key salva'" — carried to the page that loads with the key
    // (the browser test sees it shown there).
    expect(JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '{}')).toEqual({
      title: 'API Key salva',
    });
  });

  it('shows the load error and lets the visitor change the key when the maps script fails', async () => {
    // happy-dom loads no external script: the maps library fails as with a blocked or bad key.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEY, 'chave-invalida');
    render(<MapView {...props} siteKey="chave-do-site" />);
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    // Maps: "load failure 'Não foi possível carregar o mapa. Por favor, verifique a chave
    // da API.'"; /mapa: "an error panel shows a button 'Alterar Chave da API' that clears the
    // stored key".
    expect(alert.querySelector('p')?.textContent).toBe(
      'Não foi possível carregar o mapa. Por favor, verifique a chave da API.',
    );
    expect(document.head.querySelector('script')?.getAttribute('src')).toContain(
      'key=chave-invalida',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Alterar Chave da API' }));
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar chave' })).toBeTruthy();
    expect(logged.mock.calls.map((call) => call[0])).toContain('Erro ao carregar o Google Maps:');
    // No site is served here: let the list of places fail inside this test, not after it.
    await vi.waitFor(
      () =>
        expect(logged.mock.calls.map((call) => call[0])).toContain(
          'Erro ao carregar os lugares do mapa:',
        ),
      { timeout: 5_000 },
    );
    logged.mockRestore();
  });
});
