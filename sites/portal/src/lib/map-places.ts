// What the maps show: one marker per listing (a listing saved without coordinates sits at its
// kind's default position), filtered by the map page's buttons.
import {
  type Comercio,
  type Hospedagem,
  type ListingKind,
  listingPath,
  listingPosition,
  type Passeio,
} from '@guia-fortim/domain';
import type { MAP_FILTERS, MarkerType } from './ui-constants.ts';

export type MapPlace = {
  /** The listing's uuid: opening its marker counts for it. */
  id: string;
  name: string;
  /** Every place is a listing (beaches and attractions have no data yet). */
  type: ListingKind;
  lat: number;
  lng: number;
  /** Address, or a tour's meeting point. */
  place: string;
  path: string;
};

export type MapFilter = (typeof MAP_FILTERS)[number];

export const MAP_FILTER_TYPE: Record<MapFilter, MarkerType | null> = {
  Todos: null,
  Hospedagem: 'hospedagem',
  Comércio: 'comercio',
  Passeios: 'passeio',
  Praias: 'praia',
  Atrações: 'atracao',
};

export const MAP_PLACES_PATH = '/dados/mapa.json';

export function mapPlaces(listings: {
  hospedagem: Hospedagem[];
  comercio: Comercio[];
  passeio: Passeio[];
}): MapPlace[] {
  const place = (
    type: ListingKind,
    row: Hospedagem | Comercio | Passeio,
    where: string,
  ): MapPlace => ({
    id: row.id,
    name: row.name,
    type,
    ...listingPosition(type, row.latitude, row.longitude),
    place: where,
    path: listingPath(type, row.slug),
  });
  return [
    ...listings.hospedagem.map((row) => place('hospedagem', row, row.address)),
    ...listings.comercio.map((row) => place('comercio', row, row.address)),
    ...listings.passeio.map((row) => place('passeio', row, row.ponto_encontro)),
  ];
}

export function placesOfFilter(places: readonly MapPlace[], filter: MapFilter): MapPlace[] {
  const type = MAP_FILTER_TYPE[filter];
  return type ? places.filter((p) => p.type === type) : [...places];
}
