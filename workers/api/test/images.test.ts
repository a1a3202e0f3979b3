// Uploads through the Images binding (simulated with sharp by wrangler) into the local R2 bucket,
// and the cleanup of photos nobody uses any more. Locally the simulation ignores `quality`, so
// these tests check dimensions, format, orientation and metadata, not byte sizes.
import { IMAGE_VARIANTS, imageVariant } from '@guia-fortim/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, r2ObjectCount, stack } from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';
import { type Decoded, decode, hugePlainPng, isRed, photo } from './support/photos.ts';

let token: string;
beforeAll(async () => {
  token = (await admin()).token;
});

type Variants = { hero: string; card: string; thumb: string };

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

async function stored(urls: Variants): Promise<Record<keyof Variants, Decoded>> {
  return Object.fromEntries(
    await Promise.all(
      (Object.keys(IMAGE_VARIANTS) as (keyof Variants)[]).map(async (variant) => {
        const image = await fetchImage(urls[variant]);
        expect(image.status).toBe(200);
        expect(image.type).toBe('image/jpeg');
        expect(image.cache).toBe('public, max-age=31536000, immutable');
        return [variant, await decode(image.bytes)] as const;
      }),
    ),
  ) as Record<keyof Variants, Decoded>;
}

const size = (d: { width: number | undefined; height: number | undefined }) => [d.width, d.height];

async function gone(urls: Variants) {
  for (const url of Object.values(urls))
    expect([url, (await fetch(url)).status]).toEqual([url, 404]);
}

async function present(urls: Variants) {
  for (const url of Object.values(urls))
    expect([url, (await fetch(url)).status]).toEqual([url, 200]);
}

describe('POST /api/images', () => {
  it('turns a 2 MP landscape photo into the three JPEG variants, fitted inside their boxes', async () => {
    const reply = await upload(await photo({ width: 1920, height: 1080 }), 'praia.jpg');
    expect(reply.status).toBe(201);
    const pattern = new RegExp(
      `^${stack.apiUrl}/images/hospedagens/[a-z0-9]+_\\d+-(hero|card|thumb)\\.jpg$`,
    );
    for (const url of Object.values(reply.body)) expect(url).toMatch(pattern);
    expect(imageVariant(reply.body.hero, 'card')).toBe(reply.body.card);
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

  it("refuses a 6 MB file ('Arquivo muito grande') and a small file that decodes to a huge image", async () => {
    const objects = r2ObjectCount();
    const big = Buffer.concat([
      await photo({ width: 200, height: 200 }),
      Buffer.alloc(6 * 1024 * 1024, 7),
    ]);
    const tooBig = await upload(big, 'enorme.jpg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('file_too_large');
    expect(tooBig.body.error.message).toMatch(/deve ter no máximo 5MB\.$/);

    const bomb = await hugePlainPng(8000, 6000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const huge = await upload(bomb, 'bomba.png', 'general', 'image/png');
    expect(huge.status).toBe(422);
    expect(huge.body.error.code).toBe('image_too_large');
    expect(huge.body.error.message).toBe(
      'Imagem grande demais: bomba.png tem 8000×6000 pixels; o máximo é 40 megapixels.',
    );
    expect(r2ObjectCount()).toBe(objects);
  });

  it('refuses a bad folder, a missing file and two files', async () => {
    const png = await photo({ width: 50, height: 50, format: 'png' });
    const badFolder = await upload(png, 'a.png', 'segredos', 'image/png');
    expect(badFolder.status).toBe(400);
    expect(badFolder.body.error.code).toBe('invalid_folder');
    const noFolder = await api('POST', '/api/images', { token, body: new FormData() });
    expect(noFolder.body.error.code).toBe('invalid_folder');

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
    const first = await fetch(reply.body.thumb);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(reply.body.thumb, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    const missing = await api('GET', '/images/hospedagens/nao-existe-hero.jpg');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Imagem não encontrada.');
    expect((await api('GET', '/images/%E0%A4%A')).status).toBe(404);
  });
});

describe('photos nobody uses any more are removed', () => {
  const uploadPhoto = async (folder = 'hospedagens') =>
    (await upload(await photo({ width: 320, height: 240 }), 'foto.jpg', folder)).body;

  it('when a listing replaces its photos, and when it is deleted', async () => {
    const [a, b, c] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    const listing = (
      await api('POST', '/api/hospedagens', {
        token,
        json: { ...validListing('hospedagem'), image_url: a.hero, additional_images: [b.hero] },
      })
    ).body;
    const updated = await api('PATCH', `/api/hospedagens/${listing.id}`, {
      token,
      json: { image_url: c.hero },
    });
    expect(updated.status).toBe(200);
    await gone(a);
    await present(b);
    await present(c);
    await api('DELETE', `/api/hospedagens/${listing.id}`, { token });
    await gone(b);
    await gone(c);
  });

  it('but keeps a photo another listing still shows', async () => {
    const shared = await uploadPhoto('comercios');
    const payload = { ...validListing('comercio'), image_url: shared.hero };
    const first = (await api('POST', '/api/comercios', { token, json: payload })).body;
    const second = (
      await api('POST', '/api/passeios', {
        token,
        json: {
          ...validListing('passeio'),
          image_url: '/demo/x.jpg',
          additional_images: [shared.card],
        },
      })
    ).body;
    await api('DELETE', `/api/comercios/${first.id}`, { token });
    await present(shared);
    await api('PATCH', `/api/passeios/${second.id}`, { token, json: { additional_images: [] } });
    await gone(shared);
  });

  it('when a slide changes its image or is deleted', async () => {
    const [a, b] = [await uploadPhoto('carousel'), await uploadPhoto('carousel')];
    // Another slide, so this one is not the last (which cannot be deleted).
    await api('POST', '/api/slides', { token, json: validSlide() });
    const slide = (
      await api('POST', '/api/slides', { token, json: { ...validSlide(), image_url: a.hero } })
    ).body;
    await api('PATCH', `/api/slides/${slide.id}`, { token, json: { image_url: b.hero } });
    await gone(a);
    await api('DELETE', `/api/slides/${slide.id}`, { token });
    await gone(b);
  });
});
