// POST /api/images?folder=… (multipart, field `file`) → the public URLs of the three JPEG sizes
// (their AVIF and WebP siblings are stored beside them: images/keys.ts); GET /images/* serves
// stored objects (locally; production serves the bucket on its own domain).
import {
  IMAGE_FOLDERS,
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  type ImageFolder,
  imagePixelsProblem,
} from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import { limitBody } from '../body-limit.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, MESSAGES, notFound } from '../errors.ts';
import { ImagesServiceError, UnreadableImageError } from '../images/failures.ts';
import { parseVariantKey } from '../images/keys.ts';
import { sniffImageType } from '../images/sniff.ts';
import { IMMUTABLE_CACHE, readDimensions, storeVariants } from '../images/variants.ts';
import { log } from '../log.ts';
import { preconditionOutcome } from '../preconditions.ts';

// Room for the multipart envelope around a file of the maximum size.
const MULTIPART_OVERHEAD = 64 * 1024;

const MAX_SIZE_MB = IMAGE_MAX_BYTES / (1024 * 1024);

const tooLarge = (name: string) =>
  new ApiError(413, 'file_too_large', `${name} deve ter no máximo ${MAX_SIZE_MB}MB.`);
const invalidFormat = (name: string) =>
  new ApiError(415, 'invalid_format', `${name} não é uma imagem válida.`);

/** The Images service failed, not the photo: nothing was stored, and it can be sent again. */
const imagesServiceFailed = (name: string, reason: ImagesServiceError['reason']) =>
  reason === 'quota'
    ? new ApiError(
        503,
        'images_quota',
        `${name} não foi salva: o limite mensal de conversões de fotos do Cloudflare Images foi atingido. Envie de novo quando o limite renovar, ou amplie o plano do Images.`,
      )
    : new ApiError(
        503,
        'images_unavailable',
        `${name} não foi salva: o serviço de fotos do Cloudflare não respondeu. Envie de novo em instantes.`,
      );

/** The file name as shown back in messages: no control characters, bounded. */
function displayName(name: string): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (clean === '') return 'O arquivo';
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

export const uploads = new Hono<AppEnv>().post(
  '/',
  requireStaff,
  limitBody({
    maxSize: IMAGE_MAX_BYTES + MULTIPART_OVERHEAD,
    onError: () => {
      throw tooLarge('O arquivo');
    },
  }),
  async (c) => {
    const folder = c.req.query('folder');
    if (!folder || !(IMAGE_FOLDERS as readonly string[]).includes(folder)) {
      throw new ApiError(
        400,
        'invalid_folder',
        `Pasta inválida. Use uma destas: ${IMAGE_FOLDERS.join(', ')}.`,
        { folder: 'Pasta inválida.' },
      );
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(
        400,
        'invalid_upload',
        'Envie a foto como multipart/form-data no campo "file".',
      );
    }
    const files = form.getAll('file');
    const file = files[0];
    if (files.length !== 1 || !(file instanceof File)) {
      throw new ApiError(400, 'invalid_upload', 'Envie exatamente uma foto no campo "file".', {
        file: 'Envie exatamente uma foto.',
      });
    }
    const name = displayName(file.name);
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge(name);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > IMAGE_MAX_BYTES) throw tooLarge(name);
    if (sniffImageType(bytes) === null) throw invalidFormat(name);
    try {
      const { width, height } = await readDimensions(c.env, bytes);
      const tooManyPixels = imagePixelsProblem(name, width, height);
      if (tooManyPixels) throw new ApiError(422, 'image_too_large', tooManyPixels);
      const started = Date.now();
      const stored = await storeVariants(c.env, bytes, folder as ImageFolder);
      log(c, 'info', 'image stored', {
        folder,
        width,
        height,
        bytes: bytes.byteLength,
        ms: Date.now() - started,
      });
      return c.json(stored, 201);
    } catch (err) {
      if (err instanceof UnreadableImageError) {
        log(c, 'warn', 'unreadable image', { error: err.message });
        throw invalidFormat(name);
      }
      if (err instanceof ImagesServiceError) {
        log(c, 'error', 'images service failed', { reason: err.reason, error: err.message });
        throw imagesServiceFailed(name, err.reason);
      }
      throw err;
    }
  },
);

const R2_MAX_KEY_BYTES = 1024;

export const storedImages = new Hono<AppEnv>().get('/*', async (c) => {
  let key: string;
  try {
    key = decodeURIComponent(c.req.path.replace(/^\/images\//, ''));
  } catch {
    throw notFound('Imagem não encontrada.');
  }
  // R2 refuses keys over 1,024 bytes with an exception; no stored photo has one.
  if (key === '' || new TextEncoder().encode(key).length > R2_MAX_KEY_BYTES) {
    throw notFound('Imagem não encontrada.');
  }
  const object = await c.env.IMAGES_BUCKET.get(key);
  if (object === null) throw notFound('Imagem não encontrada.');
  const outcome = preconditionOutcome(c.req.raw.headers, object.etag);
  if (outcome === 412) {
    await object.body.cancel();
    throw new ApiError(412, 'precondition_failed', MESSAGES.preconditionFailed);
  }
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  // Stored with the type Images reported; an object put without one is typed by its extension.
  const format = parseVariantKey(key)?.format;
  if (!headers.has('Content-Type') && format)
    headers.set('Content-Type', IMAGE_FORMATS[format].type);
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', IMMUTABLE_CACHE);
  if (outcome === 304) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});
