// What a failed call to the Images binding means for the admin who uploaded the photo. The
// binding's errors carry Cloudflare Images' codes (its Troubleshooting page): 9422 "the usage limit
// was reached" (the free plan's 5,000 transformations a month; an upload makes nine calls),
// 9504, 9505 and 9510 the service unreachable or overloaded. Those are not the photo's fault and
// must not be told as "not a valid image": the photo may be fine, and it can be sent again later.

/** The Images service refused or failed the work; the photo itself may be fine. */
export class ImagesServiceError extends Error {
  readonly reason: 'quota' | 'unavailable';
  constructor(reason: 'quota' | 'unavailable', cause: string) {
    super(cause);
    this.reason = reason;
  }
}

/** Thrown when the Images service cannot read or convert the photo. */
export class UnreadableImageError extends Error {}

const QUOTA = 9422;
const UNAVAILABLE = new Set([9504, 9505, 9510]);

/** The Images code of a binding error: its `code`, or the first 94xx/95xx number it names. */
function imagesCode(error: unknown): number | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number') return code;
  const named = /\b(9[45]\d\d)\b/.exec(String((error as Error | null)?.message ?? error));
  return named ? Number(named[1]) : null;
}

/**
 * The error to throw for a binding failure: the service's codes are the service's; any other
 * failure, reading the photo or converting it (a photo cut in half reads and does not convert),
 * is the photo's.
 */
export function imagesFailure(error: unknown): Error {
  const code = imagesCode(error);
  const cause = String(error);
  if (code === QUOTA) return new ImagesServiceError('quota', cause);
  if (code !== null && UNAVAILABLE.has(code)) return new ImagesServiceError('unavailable', cause);
  return new UnreadableImageError(cause);
}
