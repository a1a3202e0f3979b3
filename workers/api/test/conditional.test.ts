// Conditional GETs of stored photos (GET /images/*) as HTTP defines them: If-Match first,
// compared strongly (412 when no tag matches), then If-None-Match, compared weakly (304 when one
// matches); `*` stands for "it exists"; a field that is not a list of entity tags is no list:
// If-None-Match then holds (the photo, 200), If-Match fails (412). A photo that does not exist is
// a 404 whatever the conditions.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors.ts';
import { admin, api } from './support/client.ts';
import { photo } from './support/photos.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let url: string;
let etag: string;
let size: number;

beforeAll(async () => {
  const { token } = await admin();
  const form = new FormData();
  const bytes = await photo({ width: 320, height: 240 });
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'praia.jpg');
  const reply = await api('POST', '/api/images?folder=general', { token, body: form });
  expect(reply.status).toBe(201);
  url = reply.body.thumb;
  const first = await fetch(url);
  size = (await first.arrayBuffer()).byteLength;
  etag = first.headers.get('etag') ?? '';
  expect(etag).toMatch(/^"[^"]+"$/);
});

/** A GET with these request headers: its status, its body's size and the validators sent. */
async function get(headers: Record<string, string>, target = url) {
  const response = await fetch(target, { headers });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    bytes: body.byteLength,
    etag: response.headers.get('etag'),
    cache: response.headers.get('cache-control'),
    json: response.headers.get('content-type')?.startsWith('application/json')
      ? JSON.parse(new TextDecoder().decode(body))
      : null,
  };
}

const other = () => `"${etag.slice(1, -1)}x"`;
/** The tag with its last character changed: the closest tag that is not it. */
const nearMiss = () => `${etag.slice(0, -2)}${etag.at(-2) === 'a' ? 'b' : 'a'}"`;

describe('If-None-Match on GET /images/*', () => {
  it('answers 304 with the validators when a tag matches, weakly compared', async () => {
    for (const value of [
      etag,
      `W/${etag}`,
      `${other()}, ${etag}`,
      `${other()},${etag},`,
      ` , ${etag}`,
      '*',
    ]) {
      expect({ value, ...(await get({ 'If-None-Match': value })) }).toEqual({
        value,
        status: 304,
        bytes: 0,
        etag,
        cache: IMMUTABLE,
        json: null,
      });
    }
  });

  it('answers 200 with the photo when no tag matches', async () => {
    for (const value of [other(), nearMiss(), `W/${nearMiss()}`, `${other()}, W/${other()}`]) {
      expect({ value, ...(await get({ 'If-None-Match': value })) }).toMatchObject({
        value,
        status: 200,
        bytes: size,
        etag,
      });
    }
  });

  it('ignores a field that is not a list of entity tags: 200 with the photo', async () => {
    const bare = etag.slice(1, -1);
    for (const value of [
      bare,
      `"${bare}`,
      `${etag} ${etag}`,
      `w/${etag}`,
      `${etag};q=1`,
      '**',
      `*, ${etag}`,
      '"a"b"',
    ]) {
      expect({ value, ...(await get({ 'If-None-Match': value })) }).toMatchObject({
        value,
        status: 200,
        bytes: size,
      });
    }
  });
});

describe('If-Match on GET /images/*', () => {
  it('answers 200 with the photo when a tag matches, strongly compared', async () => {
    for (const value of [etag, `${other()}, ${etag}`, '*']) {
      expect({ value, ...(await get({ 'If-Match': value })) }).toMatchObject({
        value,
        status: 200,
        bytes: size,
        etag,
      });
    }
  });

  it('answers 412 in Portuguese when none does: another tag, a weak one, or no list at all', async () => {
    for (const value of [other(), nearMiss(), `W/${etag}`, etag.slice(1, -1), `${etag} x`]) {
      expect({ value, ...(await get({ 'If-Match': value })) }).toMatchObject({
        value,
        status: 412,
        json: {
          error: { code: 'precondition_failed', message: MESSAGES.preconditionFailed },
        },
      });
    }
  });

  it('is evaluated before If-None-Match', async () => {
    expect(await get({ 'If-Match': other(), 'If-None-Match': etag })).toMatchObject({
      status: 412,
    });
    expect(await get({ 'If-Match': etag, 'If-None-Match': etag })).toMatchObject({
      status: 304,
    });
    expect(await get({ 'If-Match': etag, 'If-None-Match': other() })).toMatchObject({
      status: 200,
      bytes: size,
    });
  });
});

describe('a photo that does not exist', () => {
  it('is a 404 whatever the conditions', async () => {
    const missing = url.replace(/-thumb\.jpg$/, '-nada-thumb.jpg');
    const conditions: Record<string, string>[] = [
      { 'If-Match': '*' },
      { 'If-Match': etag },
      { 'If-None-Match': '*' },
    ];
    for (const headers of conditions) {
      expect(await get(headers, missing)).toMatchObject({
        status: 404,
        json: { error: { code: 'not_found', message: 'Imagem não encontrada.' } },
      });
    }
  });
});
