// Uploads through the Images binding (simulated with sharp by wrangler) into the local R2 bucket,
// and when stored photos are freed: once no row, trashed row or history can show them (a photo
// another row shows: trash.test.ts). Locally the simulation ignores `quality`, so these tests
// check dimensions, format, orientation and metadata, not byte sizes. Each photo is stored as every
// size in every format of the domain (imageFormats): JPEG, WebP, and AVIF for card and thumb.
import { IMAGE_FORMATS, imageVariant } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  r2Keys,
  r2ObjectCount,
  stack,
  trashItem,
} from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';
import { type Decoded, decode, hugePlainPng, isRed, photo } from './support/photos.ts';
import {
  every,
  keyOf,
  magicFormat,
  OBJECTS_PER_PHOTO,
  photoObjects,
  statuses,
  type Variants,
} from './support/stored.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

// Resize bounds: hero 1600x900 quality 0.85, card 800x600 at 0.8, thumb
// 400x300 at 0.75; JPEG output. (Quality is not measurable locally: see the top of the file.)
const VARIANTS = ['hero', 'card', 'thumb'] as const;

function upload(bytes: Buffer, name: string, folder = 'hospedagens', type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return api('POST', `/api/images?folder=${folder}`, { token, body: form });
}

async function fetchImage(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * Fetches every object of a photo, checks each one's type (header and magic bytes) and cache
 * header, that every format of a size has that size's dimensions and no metadata, and answers the
 * JPEGs decoded.
 */
async function stored(urls: Variants): Promise<Record<keyof Variants, Decoded>> {
  const objects = photoObjects(urls.hero);
  expect(objects).toHaveLength(OBJECTS_PER_PHOTO);
  const decoded = await Promise.all(
    objects.map(async (object) => {
      const image = await fetchImage(object.url);
      expect({
        url: object.url,
        status: image.status,
        type: image.type,
        cache: image.cache,
        magic: magicFormat(image.bytes),
      }).toEqual({
        url: object.url,
        status: 200,
        type: IMAGE_FORMATS[object.format].type,
        cache: IMMUTABLE,
        magic: object.format,
      });
      return { ...object, image: await decode(image.bytes) };
    }),
  );
  const jpegOf = (variant: keyof Variants) =>
    decoded.find((d) => d.variant === variant && d.format === 'jpeg')?.image as Decoded;
  for (const { url, variant, image } of decoded) {
    expect([url, size(image), image.exif]).toEqual([url, size(jpegOf(variant)), false]);
  }
  return Object.fromEntries(VARIANTS.map((variant) => [variant, jpegOf(variant)])) as Record<
    keyof Variants,
    Decoded
  >;
}

const size = (d: { width: number | undefined; height: number | undefined }) => [d.width, d.height];

async function gone(urls: Variants) {
  expect([urls.hero, await statuses(urls)]).toEqual([urls.hero, every(404)]);
}

async function present(urls: Variants) {
  expect([urls.hero, await statuses(urls)]).toEqual([urls.hero, every(200)]);
}

describe('POST /api/images', () => {
  it('turns a 2 MP landscape photo into 8 objects, each size as JPEG and WebP and the card and thumb also as AVIF, fitted inside their boxes', async () => {
    const before = new Set(r2Keys());
    const reply = await upload(await photo({ width: 1920, height: 1080 }), 'praia.jpg');
    expect(reply.status).toBe(201);
    // The reply keeps its shape: the JPEGs' URLs, whose mark says every format exists.
    expect(Object.keys(reply.body).sort()).toEqual(['card', 'hero', 'thumb']);
    const pattern = new RegExp(
      `^${stack.apiUrl}/images/hospedagens/[a-z0-9]+_\\d+_mf-(hero|card|thumb)\\.jpg$`,
    );
    for (const url of Object.values(reply.body)) expect(url).toMatch(pattern);
    // The files share one name: …_mf-hero.jpg, …_mf-card.avif, …_mf-thumb.webp…
    expect(reply.body.card).toBe(imageVariant(reply.body.hero, 'card'));
    expect(reply.body.thumb).toBe(imageVariant(reply.body.hero, 'thumb'));
    const objects = photoObjects(reply.body.hero);
    expect(objects.map((o) => `${o.variant}.${o.format}`)).toEqual([
      'hero.webp',
      'hero.jpeg',
      'card.avif',
      'card.webp',
      'card.jpeg',
      'thumb.avif',
      'thumb.webp',
      'thumb.jpeg',
    ]);
    // Exactly those objects went into the bucket.
    const added = r2Keys().filter((key) => !before.has(key));
    expect(added).toEqual(objects.map((o) => keyOf(o.url)).sort());
    const images = await stored(reply.body);
    expect(size(images.hero)).toEqual([1600, 900]);
    expect(size(images.card)).toEqual([800, 450]);
    expect(size(images.thumb)).toEqual([400, 225]);
    for (const image of Object.values(images)) {
      expect(image).toMatchObject({ format: 'jpeg', channels: 3, exif: false });
    }
  });

  it('applies EXIF orientation (12 MP phone photo) and strips the metadata', async () => {
    const bytes = await photo({ width: 4000, height: 3000, orientation: 6 });
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
    const reply = await upload(bytes, 'celular.jpg', 'passeios');
    expect(reply.status).toBe(201);
    const images = await stored(reply.body);
    expect(size(images.hero)).toEqual([675, 900]);
    expect(size(images.card)).toEqual([450, 600]);
    expect(size(images.thumb)).toEqual([225, 300]);
    // Stored top-left is displayed top-right after a 90° clockwise turn.
    expect(isRed(images.hero.corners.topRight ?? [])).toBe(true);
    expect(isRed(images.hero.corners.topLeft ?? [])).toBe(false);
    expect(images.hero.orientation).toBeUndefined();
    expect(images.hero.exif).toBe(false);
  });

  it('never upscales a small photo, and flattens a transparent PNG into a JPEG', async () => {
    const reply = await upload(
      await photo({ width: 300, height: 200, format: 'png', transparent: true }),
      'logo.png',
      'general',
      'image/png',
    );
    expect(reply.status).toBe(201);
    const images = await stored(reply.body);
    for (const image of Object.values(images)) {
      expect(size(image)).toEqual([300, 200]);
      expect(image).toMatchObject({ format: 'jpeg', channels: 3, hasAlpha: false });
    }
  });

  it('accepts a WebP portrait and stores it under its folder', async () => {
    const reply = await upload(
      await photo({ width: 1200, height: 1600, format: 'webp' }),
      'retrato.webp',
      'carousel',
      'image/webp',
    );
    expect(reply.status).toBe(201);
    expect(reply.body.hero).toContain('/images/carousel/');
    const images = await stored(reply.body);
    expect(size(images.hero)).toEqual([675, 900]);
    expect(size(images.card)).toEqual([450, 600]);
    expect(size(images.thumb)).toEqual([225, 300]);
  });

  it("refuses files that are not JPEG, PNG or WebP by their bytes ('Formato inválido'), storing nothing", async () => {
    const objects = r2ObjectCount();
    const cases: [Buffer, string][] = [
      [Buffer.from('isto não é uma foto, é um texto qualquer\n'.repeat(20)), 'foto.jpg'],
      [await photo({ width: 64, height: 64, format: 'gif' }), 'animacao.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'vetor.png'],
      [(await photo({ width: 800, height: 600 })).subarray(0, 600), 'cortada.jpg'],
      [Buffer.alloc(0), 'vazio.jpg'],
    ];
    for (const [bytes, name] of cases) {
      const reply = await upload(bytes, name);
      expect([name, reply.status]).toEqual([name, 415]);
      expect(reply.body.error).toEqual({
        code: 'invalid_format',
        message: `${name} não é uma imagem válida.`,
      });
    }
    expect(r2ObjectCount()).toBe(objects);
  });

  it('leaves nothing of any format when the photo cannot be converted after being read', async () => {
    // Its header is whole (IMAGES.info() reads it), its picture cut in half: every render fails
    // and the upload removes every object of the photo, whichever format got stored.
    const whole = await photo({ width: 1600, height: 1200 });
    const keys = r2Keys();
    const reply = await upload(whole.subarray(0, Math.floor(whole.length / 2)), 'metade.jpg');
    expect([reply.status, reply.body.error?.code]).toEqual([415, 'invalid_format']);
    expect(r2Keys()).toEqual(keys);
  });

  it("refuses a 6 MB file ('Arquivo muito grande') and a small file that decodes to a huge image", async () => {
    const objects = r2ObjectCount();
    const big = Buffer.concat([
      await photo({ width: 200, height: 200 }),
      Buffer.alloc(6 * 1024 * 1024, 7),
    ]);
    const tooBig = await upload(big, 'enorme.jpg');
    // A body this far over the limit is refused before it is read, so before the file's name.
    expect([tooBig.status, tooBig.body]).toEqual([
      413,
      { error: { code: 'file_too_large', message: 'O arquivo deve ter no máximo 5MB.' } },
    ]);

    const bomb = await hugePlainPng(8000, 6000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const huge = await upload(bomb, 'bomba.png', 'general', 'image/png');
    expect([huge.status, huge.body]).toEqual([
      422,
      {
        error: {
          code: 'image_too_large',
          message:
            'Imagem grande demais: bomba.png tem 8000×6000 pixels; o máximo é 40 megapixels.',
        },
      },
    ]);
    expect(r2ObjectCount()).toBe(objects);
  });

  it("takes a photo of exactly 5 MB and refuses one byte more with the panel's message", async () => {
    // "at most 5 MB ('{file} deve ter no máximo 5MB.', title 'Arquivo muito
    // grande')". Bytes after a JPEG's end marker are ignored by decoders: the file stays a photo.
    const FIVE_MB = 5 * 1024 * 1024;
    const jpeg = await photo({ width: 640, height: 480 });
    const sized = (bytes: number) => Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length, 0)]);

    const objects = r2ObjectCount();
    const over = await upload(sized(FIVE_MB + 1), 'quase.jpg');
    expect([over.status, over.body]).toEqual([
      413,
      { error: { code: 'file_too_large', message: 'quase.jpg deve ter no máximo 5MB.' } },
    ]);
    expect(r2ObjectCount()).toBe(objects);

    const exact = await upload(sized(FIVE_MB), 'limite.jpg');
    expect(exact.status).toBe(201);
    expect(size((await stored(exact.body)).hero)).toEqual([640, 480]);
  });

  it('refuses a bad folder, a missing file and two files', async () => {
    const png = await photo({ width: 50, height: 50, format: 'png' });
    const badFolder = await upload(png, 'a.png', 'segredos', 'image/png');
    expect([badFolder.status, badFolder.body.error.code]).toEqual([400, 'invalid_folder']);
    const noFolder = await api('POST', '/api/images', { token, body: new FormData() });
    expect([noFolder.status, noFolder.body.error.code]).toEqual([400, 'invalid_folder']);

    const empty = await api('POST', '/api/images?folder=general', { token, body: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('invalid_upload');
    const two = new FormData();
    two.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    two.append('file', new Blob([new Uint8Array(png)]), 'b.png');
    expect((await api('POST', '/api/images?folder=general', { token, body: two })).status).toBe(
      400,
    );
    const text = new FormData();
    text.append('file', 'não é arquivo');
    expect((await api('POST', '/api/images?folder=general', { token, body: text })).status).toBe(
      400,
    );
    const json = await api('POST', '/api/images?folder=general', { token, json: { file: 'x' } });
    expect(json.status).toBe(400);
  });

  it('serves stored images with their validators and 404s the rest', async () => {
    const reply = await upload(await photo({ width: 640, height: 480 }), 'rua.jpg');
    expect(reply.status).toBe(201);
    const first = await fetch(reply.body.thumb);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(reply.body.thumb, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    // The other formats too, each with its own type.
    for (const format of ['avif', 'webp'] as const) {
      const url = imageVariant(reply.body.hero, 'thumb', format);
      const response = await fetch(url);
      await response.arrayBuffer();
      expect([url, response.status, response.headers.get('content-type')]).toEqual([
        url,
        200,
        IMAGE_FORMATS[format].type,
      ]);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const tag = response.headers.get('etag') ?? '';
      expect(tag).not.toBe(etag);
      expect((await fetch(url, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    }
    // A photo has no AVIF hero (Images does not encode AVIF that wide).
    expect((await fetch(reply.body.hero.replace(/\.jpg$/, '.avif'))).status).toBe(404);
    const missing = await api('GET', '/images/hospedagens/nao-existe-hero.jpg');
    expect([missing.status, missing.body]).toEqual([
      404,
      { error: { code: 'not_found', message: 'Imagem não encontrada.' } },
    ]);
    expect((await api('GET', '/images/%E0%A4%A')).status).toBe(404);
  });
});

describe('photos stay while a row, the trash or the history can show them', () => {
  const uploadPhoto = async (folder = 'hospedagens'): Promise<Variants> => {
    const reply = await upload(await photo({ width: 320, height: 240 }), 'foto.jpg', folder);
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const trashIdOf = async (table: string, id: string) => (await trashItem(table, id)).id as string;

  it("a listing's replaced and deleted photos stay until it is deleted for good", async () => {
    const [a, b, c] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    const listing = await expectCall(201, 'POST', '/api/hospedagens', {
      token,
      json: { ...validListing('hospedagem'), image_url: a.hero, additional_images: [b.hero] },
    });
    await present(a);
    await present(b);
    await expectCall(200, 'PATCH', `/api/hospedagens/${listing.id}`, {
      token,
      json: { image_url: c.hero },
    });
    // 'Restaurar esta versão' may show it again.
    await present(a);
    await expectCall(200, 'DELETE', `/api/hospedagens/${listing.id}`, { token });
    // 'Restaurar' may show them again.
    for (const kept of [a, b, c]) await present(kept);
    const trashId = await trashIdOf('hospedagens', listing.id);
    await expectCall(200, 'DELETE', `/api/trash/${trashId}`, { token });
    for (const freed of [a, b, c]) await gone(freed);
  });

  it("a slide's replaced photo and its photo in the trash stay until it is deleted for good", async () => {
    const [a, b] = [await uploadPhoto('carousel'), await uploadPhoto('carousel')];
    // Another slide, so this one is not the last (which cannot be deleted).
    await expectCall(201, 'POST', '/api/slides', { token, json: validSlide() });
    const slide = await expectCall(201, 'POST', '/api/slides', {
      token,
      json: { ...validSlide(), image_url: a.hero },
    });
    await present(a);
    await expectCall(200, 'PATCH', `/api/slides/${slide.id}`, {
      token,
      json: { image_url: b.hero },
    });
    await present(a);
    await present(b);
    await expectCall(200, 'DELETE', `/api/slides/${slide.id}`, { token });
    await present(a);
    await present(b);
    const trashId = await trashIdOf('carousel_slides', slide.id);
    await expectCall(200, 'DELETE', `/api/trash/${trashId}`, { token });
    await gone(a);
    await gone(b);
  });
});
