// @vitest-environment happy-dom
import { MAPS_API_KEY_STORAGE_KEY, MESSAGES } from '@guia-fortim/db';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import MapView, { MAP_MESSAGES } from '../../src/islands/MapView.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const props = { variant: 'embedded' as const, emptyKeyMessage: MESSAGES.mapsKey };

describe('MapView', () => {
  it('has the key form in the HTML when the site has no key, and a loading text otherwise', () => {
    const withoutKey = renderToString(<MapView {...props} siteKey="" />);
    expect(withoutKey).toContain('Salvar chave');
    expect(withoutKey).toContain(MAP_MESSAGES.keyStaysHere);
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
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.mapsKey);
    expect(localStorage.getItem(MAPS_API_KEY_STORAGE_KEY)).toBeNull();
    fireEvent.change(screen.getByLabelText('Chave da API do Google Maps'), {
      target: { value: ' minha-chave ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar chave' }));
    expect(localStorage.getItem(MAPS_API_KEY_STORAGE_KEY)).toBe('minha-chave');
    expect(screen.getByText(MAP_MESSAGES.saved)).toBeTruthy();
  });
});
