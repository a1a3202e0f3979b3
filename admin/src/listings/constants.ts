// The listing form's own constants (the shared ones are the domain's, by their own names).

export const RATING_STEP = 0.1;
export const PRICE_STEP = 0.01;
/** Commerce and tour category lists also offer this choice. */
export const OTHER_CATEGORY = 'Outro';
/** The WhatsApp field's placeholder. */
export const PHONE_EXAMPLE = '5588999999999';
