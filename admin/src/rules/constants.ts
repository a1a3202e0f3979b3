// The panel's view of the shared rules: constants come from @guia-fortim/db (their one home);
// what is only the panel's (resource names, upload bounds it uses) is named here.
import {
  APP_ROLES,
  DEFAULT_COORDINATES as DB_DEFAULT_COORDINATES,
  FALLBACK_CATEGORIES,
  IMAGE_VARIANTS,
  type ListingKind,
  OTHER_CATEGORY,
  SETTING_KEYS,
} from '@guia-fortim/domain';

export type { AppRole as Role, ImageStyles, ObjectFit } from '@guia-fortim/domain';
export {
  DEFAULT_IMAGE_STYLES,
  DEFAULT_RATING,
  FEATURED_ADD_LIST_LIMIT,
  FEATURED_LIMIT,
  IMAGE_ADJUSTER as ADJUSTER,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_EXTRA as EXTRA_PHOTOS_MAX,
  MAP_ADMIN_TABLE_LIMIT as MAP_TABLE_LIMIT,
  MAPS_API_KEY_STORAGE_KEY as MAPS_KEY_STORAGE,
  OBJECT_FITS,
  PRICE_STEP,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
  SLIDE_DEFAULT_LINK,
} from '@guia-fortim/domain';

import { LISTING_KINDS, type ListingResource } from './resources.ts';

export { LISTING_KINDS, type ListingResource } from './resources.ts';

export const CATEGORY_TYPES = ['hospedagem', 'comercio', 'passeio'] as const;
export type CategoryType = ListingKind;

export const KIND_OF_RESOURCE: Record<ListingResource, ListingKind> = {
  hospedagens: 'hospedagem',
  comercios: 'comercio',
  passeios: 'passeio',
};

/** The client only shrinks what it sends to the hero size; the worker makes the variants. */
export const UPLOAD_MAX_WIDTH = IMAGE_VARIANTS.hero.width;
export const UPLOAD_MAX_HEIGHT = IMAGE_VARIANTS.hero.height;
export const UPLOAD_JPEG_QUALITY = IMAGE_VARIANTS.hero.quality;

export const DEFAULT_COORDINATES: Record<ListingResource, { latitude: number; longitude: number }> =
  Object.fromEntries(
    LISTING_KINDS.map((resource) => {
      const { lat, lng } = DB_DEFAULT_COORDINATES[KIND_OF_RESOURCE[resource]];
      return [resource, { latitude: lat, longitude: lng }];
    }),
  ) as Record<ListingResource, { latitude: number; longitude: number }>;

/** The maps key: a public site setting (deviation) with the browser's local override kept. */
export const MAPS_KEY_SETTING = 'google_maps_api_key';

export const SITE_SETTING_KEYS = SETTING_KEYS.filter((key) => key !== MAPS_KEY_SETTING);
export type SiteSettingKey = (typeof SETTING_KEYS)[number];

export const ROLES = APP_ROLES;

export const CATEGORY_FALLBACKS = FALLBACK_CATEGORIES;
/** Commerce and tour category lists also offer this choice. */
export const CATEGORY_OTHER = OTHER_CATEGORY;
