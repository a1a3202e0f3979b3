// The public site's pure display rules: ratings, prices, card descriptions, initials, the
// WhatsApp contact link, the directions link and where a listing sits on the map.
import {
  CARD_DESCRIPTION_MAX_LENGTH,
  DEFAULT_COORDINATES,
  DIRECTIONS_URL,
  NOT_INFORMED,
  RATING_MAX,
  RATING_MIN,
  WHATSAPP_HOST,
} from './constants.ts';
import type { ListingKind } from './types.ts';

/** pt-BR digits ("1.350,50"), written out rather than with Intl.NumberFormat: the first
 * NumberFormat a page builds loads the locale data for tens of milliseconds, which every list page
 * would pay while hydrating its cards. Rounds as Intl does: half away from zero, on the shortest
 * decimal that reads back as the number (so 1.005 gives "1,01"); the tests compare the two. */
function decimal(value: number, digits: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const shortest = Math.abs(value).toString();
  let whole: string;
  let fraction: string;
  if (shortest.includes('e')) {
    // Below 1e-6 (or beyond 1e21, never a price): the exact value rounds the same way.
    [whole = '', fraction = ''] = Math.abs(value).toFixed(digits).split('.');
  } else {
    const [int = '', decimals = ''] = shortest.split('.');
    let units = BigInt(int + decimals.slice(0, digits).padEnd(digits, '0'));
    if ((decimals[digits] ?? '0') >= '5') units += 1n;
    const text = units.toString().padStart(digits + 1, '0');
    whole = text.slice(0, text.length - digits);
    fraction = text.slice(text.length - digits);
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}

/** One decimal ("4,8"); null when the rating is not above 0 (then it is not shown). */
export function formatRating(rating: number): string | null {
  return rating > 0 ? decimal(rating, 1) : null;
}

/** "R$ 350,00" (dialogs use 2 decimals; cards may ask for 0). */
export function formatPrice(price: number, digits = 2): string {
  return `R$ ${decimal(price, digits)}`;
}

/** Card descriptions: the first 100 characters plus an ellipsis. */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_MAX_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Avatar fallback: up to 2 initials of the full name, else of the e-mail. */
export function initials(fullName: string | null | undefined, email?: string | null): string {
  const name = fullName?.trim();
  if (name) {
    return name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase();
  }
  return (email?.trim().charAt(0) ?? '').toUpperCase();
}

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function whatsappMessage(name?: string | null): string {
  return name
    ? `Olá! Vi ${name} no Guia Fortim e gostaria de mais informações.`
    : 'Olá! Vi um anúncio no Guia Fortim e gostaria de mais informações.';
}

/** Click-to-chat link: {host}/{digits}?text={encoded message}. */
export function whatsappUrl(phone: string, name?: string | null): string {
  return `${WHATSAPP_HOST}/${digitsOnly(phone)}?text=${encodeURIComponent(whatsappMessage(name))}`;
}

/** Quick edit: clamp to 0–5, 0 when not a number. */
export function clampRating(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value));
  if (Number.isNaN(n)) return 0;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, n));
}

/** Comma-separated form input ("Wi-Fi, Piscina,") → trimmed items, empties dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A listing saved without coordinates has (0, 0), the panel's empty fields. */
function hasCoordinates(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): boolean {
  return Boolean(latitude || longitude);
}

/** Map position of a listing; one saved without coordinates (0, 0) gets its kind's default. */
export function listingPosition(
  kind: ListingKind,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): { lat: number; lng: number } {
  if (!hasCoordinates(latitude, longitude)) return { ...DEFAULT_COORDINATES[kind] };
  return { lat: latitude ?? 0, lng: longitude ?? 0 };
}

/**
 * 'Como chegar': Google Maps' directions from where the visitor is (no origin given) to the
 * listing's coordinates, or to its address (a tour's meeting point) when it has none; null when
 * there is neither (a kind's default position is not the listing's place).
 */
export function directionsUrl(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  place: string,
): string | null {
  const where = place.trim();
  let destination: string;
  if (hasCoordinates(latitude, longitude)) destination = `${latitude ?? 0},${longitude ?? 0}`;
  else if (where && where !== NOT_INFORMED) destination = encodeURIComponent(where);
  else return null;
  return `${DIRECTIONS_URL}?api=1&destination=${destination}`;
}
