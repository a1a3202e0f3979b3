// Text PostgreSQL cannot store: U+0000 (text columns refuse it) and a lone UTF-16 surrogate (half
// of a character, which no UTF-8 text can hold). JSON carries both (`\u0000`, `\ud800`); the worker
// refuses them in any field of any route with 400 in Portuguese before the database sees them, and
// stores the characters just beside them unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/errors.ts';
import { admin, api, expectCall, rows, snapshot } from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';

const REFUSED = MESSAGES.unstorableText;

let token: string;
let comercio: { id: string; description: string };

beforeAll(async () => {
  token = (await admin()).token;
  comercio = await expectCall(201, 'POST', '/api/comercios', {
    token,
    json: validListing('comercio'),
  });
});

/** Every route with text, one text field of each: where `bad` goes and where to read it back. */
function writes(bad: string) {
  return [
    {
      method: 'POST',
      path: '/api/hospedagens',
      json: { ...validListing('hospedagem'), name: `Pousada ${bad}` },
      field: 'name',
    },
    {
      method: 'POST',
      path: '/api/hospedagens',
      json: { ...validListing('hospedagem'), amenities: ['Wi-Fi', `Piscina ${bad}`] },
      field: 'amenities.1',
    },
    {
      method: 'PATCH',
      path: `/api/comercios/${comercio.id}`,
      json: { description: `Café ${bad} da praia` },
      field: 'description',
    },
    {
      method: 'POST',
      path: '/api/categories',
      json: { name: `Praia ${bad}`, type: 'passeio' },
      field: 'name',
    },
    {
      method: 'POST',
      path: '/api/slides',
      json: { ...validSlide(), subtitle: `Dunas ${bad}` },
      field: 'subtitle',
    },
    {
      method: 'PUT',
      path: '/api/settings',
      json: { site_description: `Fortim ${bad}` },
      field: 'site_description',
    },
    {
      method: 'POST',
      path: '/api/admin/grant',
      json: { email: `a${bad}@testes.local` },
      field: 'email',
    },
  ];
}

describe('text the database cannot store', () => {
  // U+0000; a high and a low surrogate alone, at the ends of the range; a low one before a high
  // one (two halves in the wrong order are two lone halves).
  const unstorable = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

  it('is refused with 400 in Portuguese in every field and route, changing nothing', async () => {
    const before = await snapshot();
    for (const bad of unstorable) {
      for (const { method, path, json, field } of writes(bad)) {
        const reply = await api(method, path, { token, json });
        const call = `${method} ${path} ${field} ${JSON.stringify(bad)}`;
        expect({ call, status: reply.status, error: reply.body?.error }).toEqual({
          call,
          status: 400,
          error: { code: 'invalid_data', message: REFUSED, fields: { [field]: REFUSED } },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the characters just beside it: U+0001, U+D7FF, U+E000, U+FFFF and a whole pair', async () => {
    const storable = '\u0001 \ud7ff \ue000 \uffff \ud83c\udf34 \udbff\udfff';
    const created = await expectCall(201, 'POST', '/api/passeios', {
      token,
      json: { ...validListing('passeio'), description: `Passeio ${storable}` },
    });
    const [stored] = await rows('passeios', `id=eq.${created.id}`);
    expect(stored.description).toBe(`Passeio ${storable}`);
    const updated = await expectCall(200, 'PATCH', `/api/comercios/${comercio.id}`, {
      token,
      json: { description: `Café ${storable}` },
    });
    expect(updated.description).toBe(`Café ${storable}`);
  });
});
