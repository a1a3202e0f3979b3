// The panel's own constants. Shared ones are imported from @guia-fortim/domain by their own names.
import { IMAGE_VARIANTS } from '@guia-fortim/domain';

// Admin spec §5 and §9 (test/spec-constants.test.ts pins them).
export const RATING_STEP = 0.1;
export const PRICE_STEP = 0.01;
/** Commerce and tour category lists also offer this choice. */
export const OTHER_CATEGORY = 'Outro';
/** "Adicionar aos Destaques" lists at most this many items; the map screen's table too. */
export const FEATURED_ADD_LIST_LIMIT = 10;
export const MAP_ADMIN_TABLE_LIMIT = 10;
/** The WhatsApp field's placeholder. */
export const PHONE_EXAMPLE = '5588999999999';

/** The client only shrinks what it sends to the hero size; the worker makes the variants. */
export const UPLOAD_MAX_WIDTH = IMAGE_VARIANTS.hero.width;
export const UPLOAD_MAX_HEIGHT = IMAGE_VARIANTS.hero.height;
export const UPLOAD_JPEG_QUALITY = IMAGE_VARIANTS.hero.quality;
