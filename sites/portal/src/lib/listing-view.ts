// What the cards, dialogs and list islands receive about a listing: only the fields they show
// (island props are serialized into the page), in the order of the public list.
import type { Comercio, Hospedagem, ListingKind, Passeio } from '@guia-fortim/domain';

type Common = {
  /** The listing's uuid: what its counts are kept under. */
  id: string;
  slug: string;
  name: string;
  description: string;
  phone: string;
  rating: number;
  /** Main photo first, then the extra ones (hero URLs). */
  images: string[];
  image_styles: Hospedagem['image_styles'];
  amenities: string[];
  /** Where 'Como chegar' leads (both 0 when the listing was saved without coordinates). */
  latitude: number;
  longitude: number;
};

export type HospedagemView = Common & {
  kind: 'hospedagem';
  address: string;
  price: number;
  categorias: string[];
};
export type ComercioView = Common & {
  kind: 'comercio';
  address: string;
  horario: string;
  categoria: string;
};
export type PasseioView = Common & {
  kind: 'passeio';
  price: number;
  duracao: string;
  ponto_encontro: string;
  itens_incluidos: string[];
  categoria: string;
};
export type ListingView = HospedagemView | ComercioView | PasseioView;

/** Lists render this many cards in the HTML; the rest is a static JSON file read on demand. */
export const LIST_FIRST_PAGE = 24;

function common(row: Hospedagem | Comercio | Passeio): Common {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    phone: row.phone,
    rating: row.rating,
    images: [row.image_url, ...row.additional_images],
    image_styles: row.image_styles,
    amenities: row.amenities,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export function hospedagemView(row: Hospedagem): HospedagemView {
  return {
    kind: 'hospedagem',
    ...common(row),
    address: row.address,
    price: row.price,
    categorias: row.categorias,
  };
}

export function comercioView(row: Comercio): ComercioView {
  return {
    kind: 'comercio',
    ...common(row),
    address: row.address,
    horario: row.horario,
    categoria: row.categoria,
  };
}

export function passeioView(row: Passeio): PasseioView {
  return {
    kind: 'passeio',
    ...common(row),
    price: row.price,
    duracao: row.duracao,
    ponto_encontro: row.ponto_encontro,
    itens_incluidos: row.itens_incluidos,
    categoria: row.categoria,
  };
}

export const VIEW = { hospedagem: hospedagemView, comercio: comercioView, passeio: passeioView };

/** Static file holding a kind's listings beyond the first page. */
export function remainingListingsPath(kind: ListingKind): string {
  return `/dados/${kind}-restantes.json`;
}
