// Icons of the amenities the spec names (db's AMENITIES); any other name gets the default icon.
import type { IconName } from '../components/Icon.tsx';

const AMENITY_ICONS: Record<string, IconName> = {
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
  return AMENITY_ICONS[name] ?? DEFAULT_AMENITY_ICON;
}
