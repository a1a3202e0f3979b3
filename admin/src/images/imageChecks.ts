import { type ImageFileProblem, imageFileProblem, tooManyImagesProblem } from '@guia-fortim/domain';

export type { ImageFileProblem };

/** The checks before anything is sent: an image type and at most 5 MB. */
export const checkImageFile = imageFileProblem;

/** A multi-image field refuses a selection that would go past its maximum. */
export function checkImageCount(
  current: number,
  adding: number,
  max: number,
): ImageFileProblem | null {
  return current + adding > max ? tooManyImagesProblem(max) : null;
}

/** The size that fits inside the bounds keeping the aspect ratio; never enlarges. */
export function fitInside(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const ratio = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.round(width * ratio), height: Math.round(height * ratio) };
}
