import { IMAGE_VARIANTS, type ImageFileProblem, notAnImageProblem } from '@guia-fortim/domain';
import { fitInside } from './imageChecks.ts';

/** The client only shrinks what it sends to the hero size; the worker makes the variants. */
const UPLOAD_MAX_WIDTH = IMAGE_VARIANTS.hero.width;
const UPLOAD_MAX_HEIGHT = IMAGE_VARIANTS.hero.height;
const UPLOAD_JPEG_QUALITY = IMAGE_VARIANTS.hero.quality;

/** A file the browser cannot decode as an image: a text file named .jpg, an SVG, a broken file. */
export class NotAnImageError extends Error {
  readonly problem: ImageFileProblem;
  constructor(name: string) {
    const problem = notAnImageProblem(name);
    super(problem.message);
    this.problem = problem;
  }
}

/**
 * Shrinks a photo in the browser (canvas → JPEG) before sending it, so a phone photo of several
 * megabytes does not crawl over a slow connection. The worker still makes the stored variants.
 */
export async function downscaleImage(file: File): Promise<{ blob: Blob; name: string }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError(file.name);
  }
  const size = fitInside(bitmap.width, bitmap.height, UPLOAD_MAX_WIDTH, UPLOAD_MAX_HEIGHT);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Erro ao processar imagem');
  // JPEG has no transparency: paint white behind it rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', UPLOAD_JPEG_QUALITY),
  );
  if (!blob) throw new Error('Erro ao converter imagem');
  return { blob, name: `${file.name.replace(/\.[^.]*$/, '')}.jpg` };
}
