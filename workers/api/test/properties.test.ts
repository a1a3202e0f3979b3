// Random JSON at every endpoint: never a 500, and without an admin token never a change; random
// requests anywhere (paths, methods, headers, bodies) without a session: never a 5xx.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  newUser,
  r2ObjectCount,
  snapshot,
  stack,
} from './support/client.ts';
import { adminEndpoints, type Endpoint, TINY_PNG } from './support/endpoints.ts';
import { KIND_PATH, KINDS, validListing, validSlide } from './support/fixtures.ts';

let adminToken: string;
let userToken: string;
let realEndpoints: Endpoint[];
let missingEndpoints: Endpoint[];

beforeAll(async () => {
  adminToken = (await admin()).token;
  userToken = (await newUser()).token;
  const listing: Record<string, string> = {};
  for (const kind of KINDS) {
    listing[kind] = (
      await expectCall(201, 'POST', KIND_PATH[kind], {
        token: adminToken,
        json: validListing(kind),
      })
    ).id;
  }
  const category = await expectCall(201, 'POST', '/api/categories', {
    token: adminToken,
    json: { name: `Propriedade ${Date.now()}`, type: 'passeio' },
  });
  const slide = await expectCall(201, 'POST', '/api/slides', {
    token: adminToken,
    json: validSlide(),
  });
  const user = await newUser();
  realEndpoints = adminEndpoints({
    listing,
    category: category.id,
    slide: slide.id,
    user: user.id,
  });
  // The admin's random calls aim at ids that do not exist, so a random body can never delete
  // or reorder real rows; validation still runs first.
  const missing = '00000000-0000-4000-8000-00000000f00d';
  missingEndpoints = adminEndpoints({
    listing: { hospedagem: missing, comercio: missing, passeio: missing },
    category: missing,
    slide: missing,
    user: missing,
  });
});

const FIELD_NAMES = [
  'name',
  'description',
  'address',
  'price',
  'phone',
  'rating',
  'image_url',
  'additional_images',
  'amenities',
  'categorias',
  'categoria',
  'horario',
  'duracao',
  'ponto_encontro',
  'itens_incluidos',
  'image_styles',
  'latitude',
  'longitude',
  'type',
  'title',
  'subtitle',
  'link',
  'is_active',
  'order_position',
  'included',
  'list',
  'direction',
  'role',
  'email',
  'contact_email',
  'google_maps_api_key',
  '__proto__',
  'constructor',
];

const randomBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.jsonValue(), { maxKeys: 8 }),
);

const randomFile = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }),
  fc
    .uint8Array({ maxLength: 1024 })
    .map((tail) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...tail])),
  fc
    .integer({ min: 8, max: TINY_PNG.length - 1 })
    .map((n) => new Uint8Array(TINY_PNG.subarray(0, n))),
);

function send(endpoint: Endpoint, token: string | null, body: unknown, file?: Uint8Array) {
  if (endpoint.form) {
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)]), 'aleatorio.jpg');
    else form.append('file', JSON.stringify(body));
    return api(endpoint.method, endpoint.path, { token, body: form });
  }
  if (endpoint.method === 'GET') return api('GET', endpoint.path, { token });
  return api(endpoint.method, endpoint.path, { token, json: body });
}

describe('random requests', () => {
  it('never get a 500 from an admin', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000 }),
        randomBody,
        fc.option(randomFile, { nil: undefined }),
        async (pick, body, file) => {
          const endpoint = missingEndpoints[pick % missingEndpoints.length] as Endpoint;
          const reply = await send(endpoint, adminToken, body, file);
          expect([endpoint.name, reply.status < 500]).toEqual([endpoint.name, true]);
          if (reply.status >= 400) expect(typeof reply.body.error.message).toBe('string');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never get a 500 for random ids in the path', async () => {
    const paths = [...Object.values(KIND_PATH), '/api/categories', '/api/slides'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.string({ maxLength: 40 }),
        fc.constantFrom('PATCH', 'DELETE'),
        randomBody,
        async (base, id, method, body) => {
          const reply = await api(method, `${base}/${encodeURIComponent(id)}`, {
            token: adminToken,
            json: body,
          });
          expect(reply.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never get a 500 for random trash and history ids', async () => {
    // Never a real history entry (a positive integer): restoring it would change a row.
    const notAnEntry = fc
      .string({ maxLength: 40 })
      .filter((id) => !(Number.isInteger(Number(id)) && Number(id) > 0));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.constant('POST'), fc.string({ maxLength: 40 }), fc.constant('/restore')),
          fc.tuple(fc.constant('DELETE'), fc.string({ maxLength: 40 }), fc.constant('')),
        ),
        notAnEntry,
        async ([method, trashId, suffix], entryId) => {
          const trash = await api(method, `/api/trash/${encodeURIComponent(trashId)}${suffix}`, {
            token: adminToken,
          });
          expect(trash.status).toBeLessThan(500);
          const history = await api('POST', `/api/history/${encodeURIComponent(entryId)}/restore`, {
            token: adminToken,
          });
          expect(history.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('never change anything without an admin token', async () => {
    const before = await snapshot();
    const objects = r2ObjectCount();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000 }),
        fc.constantFrom<string | null>(userToken, null, 'lixo.lixo.lixo'),
        randomBody,
        fc.option(randomFile, { nil: undefined }),
        async (pick, token, body, file) => {
          const endpoint = realEndpoints[pick % realEndpoints.length] as Endpoint;
          const reply = await send(endpoint, token, body, file);
          expect([401, 403]).toContain(reply.status);
        },
      ),
      { numRuns: 100 },
    );
    expect(await snapshot()).toEqual(before);
    expect(r2ObjectCount()).toBe(objects);
  });

  it('never answer a 5xx to an unauthenticated request: random path, method, headers and body', async () => {
    const before = await snapshot();
    const objects = r2ObjectCount();
    const prefixes = [
      '/',
      '/api/',
      '/api/hospedagens/',
      '/api/images',
      '/images/',
      '/api/publish/',
    ];
    const printable = fc
      .string({ unit: 'grapheme', maxLength: 60 })
      .map((v) => v.replace(/[\r\n\0]/g, ''));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.webPath(),
        fc.option(fc.webQueryParameters(), { nil: undefined }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.record(
          {
            authorization: fc.oneof(
              printable.map((v) => `Bearer ${v}`),
              printable,
            ),
            'content-type': fc.constantFrom(
              'application/json',
              'multipart/form-data; boundary=x',
              'text/plain',
              'application/x-www-form-urlencoded',
            ),
            origin: fc.webUrl(),
            'x-request-id': printable,
          },
          { requiredKeys: [] },
        ),
        fc.oneof(printable, fc.uint8Array({ maxLength: 2_000 }), fc.json()),
        async (prefix, path, query, method, headers, body) => {
          const url = `${stack.apiUrl}${prefix}${path.replace(/^\//, '')}${query ? `?${query}` : ''}`;
          let response: Response;
          try {
            response = await fetch(url, {
              method,
              headers,
              body: method === 'GET' || method === 'HEAD' ? undefined : body,
            });
          } catch (error) {
            // A request the client itself refuses to build (a header value fetch rejects); a
            // failed connection ('fetch failed') is the worker's fault and fails the test.
            if (error instanceof TypeError && error.message !== 'fetch failed') return;
            throw error;
          }
          await response.arrayBuffer();
          expect([method, url, response.status < 500]).toEqual([method, url, true]);
        },
      ),
      { numRuns: 300 },
    );
    expect(await snapshot()).toEqual(before);
    expect(r2ObjectCount()).toBe(objects);
  });
});
