// Icons of the amenities each kind offers in its form; any other name gets the default icon.
import type { ListingKind } from '@guia-fortim/domain';
import type { IconName } from '../components/Icon.tsx';

/** Amenities with an icon, by kind. */
export const AMENITIES = {
  hospedagem: ['Wi-Fi', 'Estacionamento', 'Café da manhã', 'Ar condicionado', 'TV', 'Piscina'],
  comercio: ['Wi-Fi', 'Estacionamento', 'Aceita cartão', 'Ar condicionado'],
  passeio: ['Guia turístico', 'Transporte', 'Alimentação', 'Fotos'],
} as const satisfies Record<ListingKind, readonly string[]>;

type Amenity = (typeof AMENITIES)[ListingKind][number];

const AMENITY_ICONS: Record<Amenity, IconName> = {
  'Wi-Fi': 'wifi',
  Estacionamento: 'car',
  'Café da manhã': 'coffee',
  'Ar condicionado': 'snowflake',
  TV: 'tv',
  Piscina: 'waves',
  'Aceita cartão': 'card',
  'Guia turístico': 'guide',
  Transporte: 'bus',
  Alimentação: 'utensils',
  Fotos: 'camera',
};

const DEFAULT_AMENITY_ICON: IconName = 'check';

export function amenityIcon(name: string): IconName {
  return AMENITY_ICONS[name as Amenity] ?? DEFAULT_AMENITY_ICON;
}
