// Listings as the islands receive them, for the component tests.
import { DEFAULT_IMAGE_STYLES } from '@guia-fortim/domain';
import type { ComercioView, HospedagemView, PasseioView } from '../../src/lib/listing-view.ts';

/** A uuid of its own for each slug (what the listing's counts go under). */
export const listingId = (slug: string) =>
  `00000000-0000-4000-8000-${[...slug]
    .reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 2 ** 48, 7)
    .toString(16)
    .padStart(12, '0')}`;

const common = (slug: string, name: string, photos = 1) => ({
  id: listingId(slug),
  slug,
  name,
  description: `${name}: descrição com detalhes suficientes para o cartão.`,
  phone: '5588999110001',
  rating: 4.5,
  images: Array.from({ length: photos }, (_, i) => `/demo/test/${slug}-${i + 1}-hero.jpg`),
  image_styles: { ...DEFAULT_IMAGE_STYLES },
  amenities: ['Wi-Fi'],
  latitude: -4.45,
  longitude: -37.8,
});

export function hospedagem(slug: string, changes: Partial<HospedagemView> = {}): HospedagemView {
  return {
    kind: 'hospedagem',
    ...common(slug, changes.name ?? `Pousada ${slug}`),
    address: 'Rua da Praia, 1 - Fortim - CE',
    price: 200,
    categorias: ['Pousada'],
    ...changes,
  };
}

export function comercio(slug: string, changes: Partial<ComercioView> = {}): ComercioView {
  return {
    kind: 'comercio',
    ...common(slug, changes.name ?? `Loja ${slug}`),
    address: 'Praça da Matriz, 2 - Fortim - CE',
    horario: 'Todos os dias, 8h às 18h',
    categoria: 'Loja',
    ...changes,
  };
}

export function passeio(slug: string, changes: Partial<PasseioView> = {}): PasseioView {
  return {
    kind: 'passeio',
    ...common(slug, changes.name ?? `Passeio ${slug}`),
    price: 90,
    duracao: '3 horas',
    ponto_encontro: 'Porto de Fortim',
    itens_incluidos: ['Colete salva-vidas', 'Água'],
    categoria: 'Natureza',
    ...changes,
  };
}
