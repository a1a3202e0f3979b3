// A failed Images binding call, told by its Cloudflare Images code (Images' Troubleshooting page:
// "9422 - The transformation request is rejected because the usage limit was reached"; "9504,
// 9505, & 9510 — The origin server could not be contacted … Try again later"): the service's
// failures are never told as a bad photo. (The local binding never reaches a quota, so the
// errors here are shaped as the binding's ImagesError: a message and a numeric `code`.)
import { describe, expect, it } from 'vitest';
import { ImagesServiceError, imagesFailure, UnreadableImageError } from '../src/images/failures.ts';

const bindingError = (code: number, message = `IMAGES_TRANSFORM_ERROR ${code}: falhou`) =>
  Object.assign(new Error(message), { code });

describe('Images binding failures', () => {
  it('the monthly quota (9422): the quota, not the photo', () => {
    const failure = imagesFailure(bindingError(9422));
    expect(failure).toBeInstanceOf(ImagesServiceError);
    expect((failure as ImagesServiceError).reason).toBe('quota');
  });

  it('the service unreachable (9504, 9505, 9510): try again; its neighbours are not', () => {
    for (const code of [9504, 9505, 9510]) {
      const failure = imagesFailure(bindingError(code));
      expect([code, (failure as ImagesServiceError).reason]).toEqual([code, 'unavailable']);
    }
    for (const code of [9421, 9423, 9503, 9506, 9509, 9511, 9523]) {
      expect(imagesFailure(bindingError(code)), String(code)).toBeInstanceOf(UnreadableImageError);
    }
  });

  it('reads the code from the message when the error has none', () => {
    const failure = imagesFailure(new Error('ERROR 9422: usage limit reached'));
    expect((failure as ImagesServiceError).reason).toBe('quota');
    expect(imagesFailure(new Error('no code here 94220'))).toBeInstanceOf(UnreadableImageError);
  });

  it('anything else is the photo (a photo cut in half: images.test.ts)', () => {
    expect(imagesFailure(new Error('Input buffer has corrupt header'))).toBeInstanceOf(
      UnreadableImageError,
    );
  });
});
