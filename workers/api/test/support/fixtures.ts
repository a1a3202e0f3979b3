// Valid payloads for each kind of content, as the admin panel sends them.
import type { ListingKind } from '@guia-fortim/domain';

const IMAGE = 'https://images.example.com/fortim/praia.jpg';

let sequence = 0;
const unique = (name: string) => `${name} ${++sequence} ${Math.random().toString(36).slice(2, 6)}`;

export function validListing(kind: ListingKind): Record<string, unknown> {
  const common = {
    name: unique(
      kind === 'hospedagem'
        ? 'Pousada Maré Alta'
        : kind === 'comercio'
          ? 'Café da Praia'
          : 'Passeio de Buggy',
    ),
    description: 'Um lugar tranquilo perto da praia de Pontal de Maceió.',
    phone: '+55 (88) 99999-1234',
    image_url: IMAGE,
  };
  if (kind === 'hospedagem') {
    return { ...common, address: 'Rua da Praia, 10', price: 350, categorias: ['Pousada'] };
  }
  if (kind === 'comercio') {
    return { ...common, address: 'Av. Central, 200', horario: '8h às 18h', categoria: 'Café' };
  }
  return {
    ...common,
    price: 120.5,
    duracao: '3 horas',
    ponto_encontro: 'Praça da Matriz',
    categoria: 'Aventura',
  };
}

/** Fields each kind requires. */
export const REQUIRED_FIELDS: Record<ListingKind, string[]> = {
  hospedagem: ['name', 'description', 'address', 'price', 'phone', 'image_url', 'categorias'],
  comercio: ['name', 'description', 'address', 'horario', 'phone', 'image_url', 'categoria'],
  passeio: [
    'name',
    'description',
    'ponto_encontro',
    'duracao',
    'price',
    'phone',
    'image_url',
    'categoria',
  ],
};

export const KIND_PATH: Record<ListingKind, string> = {
  hospedagem: '/api/hospedagens',
  comercio: '/api/comercios',
  passeio: '/api/passeios',
};

export const KINDS: ListingKind[] = ['hospedagem', 'comercio', 'passeio'];

export function validSlide(): Record<string, unknown> {
  return {
    title: unique('Bem-vindo a Fortim'),
    subtitle: 'Praias, dunas e o Rio Jaguaribe',
    image_url: 'https://images.example.com/fortim/slide.jpg',
    link: '/passeios',
  };
}
