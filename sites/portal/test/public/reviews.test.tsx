// @vitest-environment happy-dom
// A listing page's 'Avaliações dos visitantes' as the build renders it, the visitors' rating in
// its JSON-LD, and the review form's rules at their edges.
import type { PublishedReview } from '@guia-fortim/domain';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewEditor } from '../../src/components/reviews/ReviewEditor.tsx';
import { ReviewsSection } from '../../src/components/reviews/ReviewsSection.tsx';
import { reviewsByListing } from '../../src/lib/reviews/by-listing.ts';
import { checkReview } from '../../src/lib/reviews/rules.ts';
import {
  comercioData,
  hospedagemData,
  jsonLdScript,
  passeioData,
  withVisitorRating,
} from '../../src/lib/structured-data.ts';

afterEach(cleanup);

const LISTING = '00000000-0000-4000-8000-000000000001';
const HOSTILE = '<img src=x onerror="alert(1)"></script><script>alert(2)</script> & "aspas"';

let next = 0;
function review(changes: Partial<PublishedReview> = {}): PublishedReview {
  next += 1;
  return {
    id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`,
    listing_kind: 'hospedagem',
    listing_id: LISTING,
    rating: 5,
    comment: 'Lugar ótimo.',
    author_name: 'Maria Souza',
    created_at: '2026-11-20T15:00:00+00:00',
    updated_at: '2026-11-20T15:00:00+00:00',
    ...changes,
  };
}

const ratings = (...values: number[]) => values.map((rating) => review({ rating }));

describe("'Avaliações dos visitantes'", () => {
  it("without reviews: a short line, the guide's rating alone, no visitors' score", () => {
    const { container } = render(<ReviewsSection reviews={[]} guideRating={4.5} />);
    expect(screen.getByRole('heading', { name: 'Avaliações dos visitantes' })).toBeTruthy();
    expect(screen.getByText('Este lugar ainda não tem avaliações de visitantes.')).toBeTruthy();
    const scores = screen.getByTestId('review-scores');
    expect(scores.textContent).toBe('Nota do guia4,5');
    expect(container.querySelectorAll('li')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Denunciar' })).toBeNull();
  });

  it("shows the visitors' average and count beside the guide's rating, each labelled", () => {
    render(<ReviewsSection reviews={ratings(5, 4, 4)} guideRating={3} />);
    const scores = screen.getByTestId('review-scores');
    const [guide, visitors] = within(scores).getAllByRole('term');
    expect(guide?.textContent).toBe('Nota do guia');
    expect(guide?.nextElementSibling?.textContent).toBe('3,0');
    expect(visitors?.textContent).toBe('Visitantes');
    expect(visitors?.nextElementSibling?.textContent).toBe('4,3(3 avaliações)');
  });

  it('says "1 avaliação" for one, and leaves out a guide\'s rating of 0', () => {
    render(<ReviewsSection reviews={ratings(2)} guideRating={0} />);
    expect(screen.getByTestId('review-scores').textContent).toBe('Visitantes2,0(1 avaliação)');
  });

  it("lists each review in the order given: author, stars, the date in Fortaleza, comment, 'Denunciar'", () => {
    const reviews = [
      review({ author_name: 'Ana', rating: 4, created_at: '2026-11-28T02:30:00+00:00' }),
      review({ author_name: 'Visitante', rating: 1, comment: 'Fraco.\nNão volto.' }),
    ];
    render(<ReviewsSection reviews={reviews} guideRating={4} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Ana')).toBeTruthy();
    expect(within(first).getByRole('img', { name: '4 de 5 estrelas' })).toBeTruthy();
    // 02:30 UTC is still the 27th in Fortaleza (UTC−3).
    const date = first.querySelector('time');
    expect(date?.textContent).toBe('27/11/2026');
    expect(date?.getAttribute('datetime')).toBe('2026-11-27');
    // Each 'Denunciar' is told apart by its review's author and date.
    expect(
      within(first).getByRole('button', { name: 'Denunciar', description: 'Ana 27/11/2026' }),
    ).toBeTruthy();
    expect(
      within(second).getByRole('button', {
        name: 'Denunciar',
        description: 'Visitante 20/11/2026',
      }),
    ).toBeTruthy();
    expect(within(second).getByRole('img', { name: '1 de 5 estrelas' })).toBeTruthy();
    expect(within(second).getByText('20/11/2026')).toBeTruthy();
    expect(second.textContent).toContain('Fraco.\nNão volto.');
  });

  it('renders a hostile comment and author name as text', () => {
    const html = renderToStaticMarkup(
      <ReviewsSection
        reviews={[review({ comment: HOSTILE, author_name: '<b>Eu</b></script>' })]}
        guideRating={4}
      />,
    );
    expect(html).not.toContain('</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    const { container } = render(
      <ReviewsSection
        reviews={[review({ comment: HOSTILE, author_name: '<b>Eu</b></script>' })]}
        guideRating={4}
      />,
    );
    expect(container.textContent).toContain(HOSTILE);
    expect(container.textContent).toContain('<b>Eu</b></script>');
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it("puts each listing's reviews newest first, the same instant told apart by id", () => {
    const old = review({ created_at: '2026-01-01T10:00:00+00:00' });
    const newer = review({ created_at: '2026-03-01T10:00:00.5+00:00' });
    const sameA = review({ created_at: '2026-03-01T10:00:00.5+00:00' });
    const other = review({ listing_kind: 'comercio' });
    const grouped = reviewsByListing([old, sameA, other, newer]);
    expect(grouped.get(`hospedagem:${LISTING}`)?.map((r) => r.id)).toEqual([
      sameA.id,
      newer.id,
      old.id,
    ]);
    expect(grouped.get(`comercio:${LISTING}`)).toEqual([other]);
  });
});

describe("the JSON-LD's aggregateRating", () => {
  const site = new URL('https://guiafortim.com.br');
  const row = {
    id: LISTING,
    slug: 'pousada-sol',
    name: 'Pousada </script><script>alert(1)</script>',
    description: 'Quartos.',
    phone: '5588999110001',
    rating: 4.5,
    image_url: '/demo/hospedagens/sol-1-hero.jpg',
    additional_images: [],
    amenities: [],
    image_styles: {
      scale: 1,
      rotate: 0,
      positionX: 50,
      positionY: 50,
      objectFit: 'cover' as const,
    },
    latitude: 0,
    longitude: 0,
    is_featured: false,
    featured_order: 0,
    is_pinned: false,
    pin_order: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    address: 'Rua A, 1',
    price: 200,
    categorias: ['Pousada'],
  };

  it('is left out without an approved review, and the rest is kept as it was', () => {
    const data = hospedagemData(row, site);
    expect(withVisitorRating(data, [])).toEqual(data);
    expect(JSON.parse(jsonLdScript(withVisitorRating(data, [])))).not.toHaveProperty(
      'aggregateRating',
    );
  });

  it('rates one review', () => {
    const data = hospedagemData(row, site);
    expect(withVisitorRating(data, ratings(4))).toEqual({
      ...data,
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4,
        reviewCount: 1,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it('averages many to one decimal, halves rounded up', () => {
    const value = (...values: number[]) =>
      withVisitorRating(
        comercioData({ ...row, horario: '8h', categoria: 'Loja' }, site),
        ratings(...values),
      ).aggregateRating as { ratingValue: number; reviewCount: number };
    expect(value(4, 4, 5, 4)).toEqual(
      expect.objectContaining({ ratingValue: 4.3, reviewCount: 4 }),
    );
    expect(value(5, 5, 4).ratingValue).toBe(4.7);
    expect(value(1, 1, 2).ratingValue).toBe(1.3);
    expect(value(1, 2, 2).ratingValue).toBe(1.7);
    expect(value(5, 5, 5, 5, 5, 5, 5, 5, 5, 4).ratingValue).toBe(4.9);
    expect(value(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2).ratingValue).toBe(1.1);
    expect(value(5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4).ratingValue).toBe(5);
    expect(value(1, 5).ratingValue).toBe(3);
  });

  it('rates a tour through its Offer (schema.org gives a TouristTrip no rating of its own)', () => {
    const data = passeioData(
      {
        ...row,
        duracao: '2 horas',
        ponto_encontro: 'Porto',
        itens_incluidos: [],
        categoria: 'Natureza',
        price: 80,
      },
      site,
    );
    const rated = withVisitorRating(data, ratings(5, 4));
    expect(rated).not.toHaveProperty('aggregateRating');
    expect(rated.offers).toEqual({
      ...(data.offers as object),
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });

  it('cannot close its script element, whatever the listing and the reviews say', () => {
    const text = jsonLdScript(
      withVisitorRating(hospedagemData(row, site), [
        review({ comment: HOSTILE, author_name: '</script>' }),
      ]),
    );
    expect(text).not.toContain('</script>');
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe(row.name);
    // Only the numbers: the comments and the authors stay on the page.
    expect(text).not.toContain('alert(2)');
  });
});

describe('the review form', () => {
  it('accepts 1 to 5 stars and refuses 0 and 6', () => {
    expect(checkReview({ rating: 0, comment: 'Bom.' })).toBe('Escolha de 1 a 5 estrelas.');
    expect(checkReview({ rating: 1, comment: 'Bom.' })).toBeNull();
    expect(checkReview({ rating: 5, comment: 'Bom.' })).toBeNull();
    expect(checkReview({ rating: 6, comment: 'Bom.' })).toBe('Escolha de 1 a 5 estrelas.');
  });

  it('accepts a comment of 1 to 1000 characters once trimmed, and refuses 1001 or blank', () => {
    expect(checkReview({ rating: 3, comment: 'a' })).toBeNull();
    expect(checkReview({ rating: 3, comment: 'a'.repeat(1000) })).toBeNull();
    expect(checkReview({ rating: 3, comment: ` ${'a'.repeat(1000)} ` })).toBeNull();
    expect(checkReview({ rating: 3, comment: 'a'.repeat(1001) })).toBe(
      'O comentário deve ter no máximo 1000 caracteres.',
    );
    expect(checkReview({ rating: 3, comment: '   ' })).toBe('Escreva um comentário.');
  });

  it('refuses to send without stars, counts the comment live and refuses 1001 characters', async () => {
    const onSubmit = vi.fn(async () => null);
    render(<ReviewEditor onSubmit={onSubmit} />);
    const comment = screen.getByLabelText('Comentário') as HTMLTextAreaElement;
    expect(screen.getByText('0/1000')).toBeTruthy();
    await userEvent.type(comment, 'Ótimo');
    expect(screen.getByText('5/1000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(screen.getByRole('alert').textContent).toBe('Escolha de 1 a 5 estrelas.');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: '4 de 5 estrelas' }));
    await userEvent.clear(comment);
    // Pasted at once (typing 1001 keys one by one takes seconds in happy-dom).
    await userEvent.click(comment);
    await userEvent.paste('a'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'O comentário deve ter no máximo 1000 caracteres.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(comment, '{Backspace}');
    expect(screen.getByText('1000/1000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(onSubmit).toHaveBeenCalledWith({ rating: 4, comment: 'a'.repeat(1000) });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends once however fast it is submitted, and again once the answer came', async () => {
    let answer: (refusal: string | null) => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<string | null>((resolve) => {
          answer = resolve;
        }),
    );
    render(<ReviewEditor initial={{ rating: 3, comment: 'Bom' }} onSubmit={onSubmit} />);
    const form = screen.getByRole('button', { name: 'Enviar avaliação' }).closest('form');
    if (!form) throw new Error('no form');
    // Two submits in one event-loop turn: the button is not disabled yet for the second.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    answer('Tente novamente.');
    expect((await screen.findByRole('alert')).textContent).toBe('Tente novamente.');
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("shows the worker's refusal as it words it", async () => {
    render(
      <ReviewEditor
        initial={{ rating: 2, comment: 'Ok' }}
        onSubmit={async () => 'Confirme seu e-mail para avaliar.'}
      />,
    );
    expect(
      (screen.getByRole('radio', { name: '2 de 5 estrelas' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Confirme seu e-mail para avaliar.',
    );
  });
});
