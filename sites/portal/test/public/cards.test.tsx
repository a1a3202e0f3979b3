// @vitest-environment happy-dom
import { AMENITIES, CARD_DESCRIPTION_MAX_LENGTH, type ListingKind } from '@guia-fortim/db';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Amenities } from '../../src/components/Amenities.tsx';
import { ListingCard } from '../../src/components/cards/ListingCard.tsx';
import { WhatsAppLink } from '../../src/components/WhatsAppLink.tsx';
import { amenityIcon, DEFAULT_AMENITY_ICON } from '../../src/lib/amenities.ts';
import { cardPrice } from '../../src/lib/prices.ts';
import { comercio, hospedagem, passeio } from './fixtures.ts';

afterEach(cleanup);

describe('listing cards', () => {
  it('cut the description at 100 characters with an ellipsis', () => {
    const long = 'á'.repeat(CARD_DESCRIPTION_MAX_LENGTH + 20);
    render(<ListingCard item={hospedagem('x', { description: long })} />);
    expect(screen.getByText(`${'á'.repeat(CARD_DESCRIPTION_MAX_LENGTH)}...`)).toBeTruthy();
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
    render(<WhatsAppLink phone="+55 (88) 99911-0001" name="Pousada & Cia" />);
    const link = screen.getByRole('link', { name: /Fale agora/ });
    expect(link.getAttribute('href')).toBe(
      `https://wa.me/5588999110001?text=${encodeURIComponent('Olá! Vi Pousada & Cia no Guia Fortim e gostaria de mais informações.')}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('is left out when the phone has no digits', () => {
    const { container } = render(<WhatsAppLink phone="sem telefone" name="X" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('amenity icons', () => {
  it('every amenity the spec names has its own icon; others get the default', () => {
    for (const kind of Object.keys(AMENITIES) as ListingKind[]) {
      for (const name of AMENITIES[kind]) expect(amenityIcon(name)).not.toBe(DEFAULT_AMENITY_ICON);
    }
    expect(amenityIcon('Churrasqueira')).toBe(DEFAULT_AMENITY_ICON);
    const { container } = render(<Amenities items={['Wi-Fi', 'Caiaques']} />);
    expect(container.querySelectorAll('li svg')).toHaveLength(2);
  });
});
