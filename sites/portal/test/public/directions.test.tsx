// @vitest-environment happy-dom
// 'Como chegar' on a listing's dialog and page (ListingDetails renders both): Google Maps'
// directions from where the visitor is, to the listing's coordinates or, without them, to its
// address (a tour's meeting point). A plain link in a new tab: the phone hands it to its Maps app,
// with signal or without.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingDetails } from '../../src/components/details/ListingDetails.tsx';
import ListingDialog from '../../src/islands/list/ListingDialog.tsx';
import { comercio, hospedagem, passeio } from './fixtures.ts';

afterEach(cleanup);

const DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=';
const directions = () => screen.getByRole('link', { name: /^Como chegar/ });

describe("'Como chegar'", () => {
  it("leads from the visitor's place to the listing's coordinates, in a new tab", () => {
    render(
      <ListingDetails
        item={hospedagem('mar', { name: 'Pousada Mar', latitude: -4.4506, longitude: -37.8012 })}
      />,
    );
    const link = directions();
    expect(link.getAttribute('href')).toBe(`${DIRECTIONS}-4.4506,-37.8012`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Como chegar até Pousada Mar (abre o mapa em nova aba)');
  });

  it('leads to the address of a business saved without coordinates', () => {
    render(
      <ListingDetails
        item={comercio('sabor', {
          address: 'Rua do Porto, 8 - Fortim - CE',
          latitude: 0,
          longitude: 0,
        })}
      />,
    );
    expect(directions().getAttribute('href')).toBe(
      `${DIRECTIONS}${encodeURIComponent('Rua do Porto, 8 - Fortim - CE')}`,
    );
  });

  it("leads to a tour's meeting point, and is left out when there is no place to go", () => {
    const { rerender } = render(
      <ListingDetails
        item={passeio('barco', { ponto_encontro: 'Cais de Fortim', latitude: 0, longitude: 0 })}
      />,
    );
    expect(directions().getAttribute('href')).toBe(
      `${DIRECTIONS}${encodeURIComponent('Cais de Fortim')}`,
    );
    rerender(
      <ListingDetails
        item={passeio('barco', { ponto_encontro: 'Não informado', latitude: 0, longitude: 0 })}
      />,
    );
    expect(screen.queryByRole('link', { name: /^Como chegar/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Fale agora/ })).toBeTruthy();
  });

  it("is in a list's dialog beside 'Fale agora'", () => {
    render(<ListingDialog item={hospedagem('casa', { name: 'Casa' })} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Casa' });
    expect(dialog.contains(directions())).toBe(true);
    expect(directions().parentElement).toBe(
      screen.getByRole('link', { name: /^Fale agora/ }).parentElement,
    );
  });
});
