// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Amenities } from '../../src/components/Amenities.tsx';
import { ListingCard } from '../../src/components/cards/ListingCard.tsx';
import { WhatsAppLink } from '../../src/components/WhatsAppLink.tsx';
import { cardPrice } from '../../src/lib/prices.ts';
import { comercio, hospedagem, listingId, passeio } from './fixtures.ts';

afterEach(cleanup);

describe('listing cards', () => {
  it('cut the description at 100 characters with an ellipsis', () => {
    // Card descriptions are cut at 100 characters plus an ellipsis.
    const hundred = `${'á'.repeat(50)}${'b'.repeat(50)}`;
    const { rerender } = render(
      <ListingCard item={hospedagem('x', { description: `${hundred}cortado depois` })} />,
    );
    expect(screen.getByText(`${hundred}...`)).toBeTruthy();
    expect(screen.queryByText(/cortado/)).toBeNull();
    rerender(<ListingCard item={hospedagem('x', { description: hundred })} />);
    expect(screen.getByText(hundred)).toBeTruthy();
  });

  it('show the rating with one decimal only when above 0', () => {
    const { container, rerender } = render(<ListingCard item={hospedagem('x', { rating: 4 })} />);
    expect(container.textContent).toContain('Avaliação 4,0');
    rerender(<ListingCard item={hospedagem('x', { rating: 0 })} />);
    expect(container.textContent).not.toContain('Avaliação');
  });

  it('price lodging per night and tours per person, in pt-BR', () => {
    const { container, rerender } = render(<ListingCard item={hospedagem('x', { price: 1250 })} />);
    expect(container.textContent).toContain('A partir de R$ 1.250/noite');
    rerender(<ListingCard item={passeio('x', { price: 89.9 })} />);
    expect(container.textContent).toContain('R$ 89,90/pessoa');
    expect(cardPrice(320)).toBe('R$ 320');
    expect(cardPrice(320.5)).toBe('R$ 320,50');
  });

  it('link to the listing page and, in the lists, open the dialog instead', () => {
    const open = vi.fn();
    const item = comercio('cafe-da-praca', { name: 'Café da Praça' });
    render(<ListingCard item={item} onOpen={open} />);
    const link = screen.getByRole('link', { name: 'Café da Praça' });
    expect(link.getAttribute('href')).toBe('/comercio/cafe-da-praca');
    fireEvent.click(link, { ctrlKey: true });
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith(item);
  });

  it('show the opening hours on business cards', () => {
    const { container } = render(<ListingCard item={comercio('x', { horario: '8h às 18h' })} />);
    expect(container.textContent).toContain('Horário de funcionamento: 8h às 18h');
  });

  it("toggle a tour's included items between 'Mais detalhes' and 'Menos detalhes'", () => {
    render(<ListingCard item={passeio('x', { itens_incluidos: ['Água', 'Guia'] })} />);
    const details = screen.getByText('O que está incluso:').closest('details');
    expect(details?.open).toBe(false);
    expect(within(details as HTMLElement).getByText('Mais detalhes')).toBeTruthy();
    expect(within(details as HTMLElement).getByText('Menos detalhes')).toBeTruthy();
    expect(
      within(details as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Água', 'Guia']);
  });
});

describe("'Fale agora'", () => {
  it('opens the click-to-chat link with the digits and the message naming the listing', () => {
    render(
      <WhatsAppLink
        item={hospedagem('cia', { phone: '+55 (88) 99911-0001', name: 'Pousada & Cia' })}
      />,
    );
    const link = screen.getByRole('link', { name: /Fale agora/ });
    expect(link.getAttribute('href')).toBe(
      `https://wa.me/5588999110001?text=${encodeURIComponent('Olá! Vi Pousada & Cia no Guia Fortim e gostaria de mais informações.')}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // A tap counts one WhatsApp contact for the listing (the page's sender sends it).
    expect(link.dataset.stats).toBe(`hospedagem:${listingId('cia')}:whatsapp`);
  });

  it('is left out when the phone has no digits', () => {
    const { container } = render(
      <WhatsAppLink item={hospedagem('x', { phone: 'sem telefone' })} />,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('amenity icons', () => {
  // Amenity icons: lodging Wi-Fi, Estacionamento, Café da manhã, Ar condicionado, TV,
  // Piscina; business Wi-Fi, Estacionamento, Aceita cartão, Ar condicionado; tour Guia turístico,
  // Transporte, Alimentação, Fotos. Unknown names get a default icon.
  const named = [
    'Wi-Fi',
    'Estacionamento',
    'Café da manhã',
    'Ar condicionado',
    'TV',
    'Piscina',
    'Aceita cartão',
    'Guia turístico',
    'Transporte',
    'Alimentação',
    'Fotos',
  ];
  const icons = (items: string[]) => {
    const { container, unmount } = render(<Amenities items={items} />);
    const shown = [...container.querySelectorAll('li')].map((li) => ({
      name: li.textContent,
      icon: li.querySelector('svg')?.innerHTML,
    }));
    unmount();
    return shown;
  };

  it('gives every amenity a form offers an icon of its own; unknown names share the default', () => {
    const known = icons(named);
    expect(known.map((item) => item.name)).toEqual(named);
    for (const item of known) expect(item.icon).toBeTruthy();
    expect(new Set(known.map((item) => item.icon)).size).toBe(named.length);

    const [churrasqueira, caiaques] = icons(['Churrasqueira', 'Caiaques']);
    expect(churrasqueira?.icon).toBeTruthy();
    expect(caiaques?.icon).toBe(churrasqueira?.icon);
    for (const item of known) expect(item.icon).not.toBe(churrasqueira?.icon);
  });
});
