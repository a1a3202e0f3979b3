// POST /api/images/sweep: photos uploaded but never saved to a row (an abandoned form, a failed
// save) are removed once older than the grace period; every photo a row shows — listings, active
// and inactive slides, any variant — stays, and so does every photo a trashed row or the history
// of a row that still exists shows, until 'Excluir definitivamente'.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  newUser,
  PORTUGUESE_403,
  r2ObjectCount,
  trashItem,
} from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';
import { photo } from './support/photos.ts';

type Variants = { hero: string; card: string; thumb: string };

let token: string;
let jpeg: Buffer;
beforeAll(async () => {
  token = (await admin()).token;
  jpeg = await photo({ width: 320, height: 240 });
});

async function upload(folder: string): Promise<Variants> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
  const reply = await api('POST', `/api/images?folder=${folder}`, { token, body: form });
  expect(reply.status).toBe(201);
  return reply.body;
}

const statuses = async (urls: Variants) =>
  Promise.all(Object.values(urls).map(async (url) => (await fetch(url)).status));

describe('POST /api/images/sweep', () => {
  it('keeps recent unsaved uploads by default (a form may still be open)', async () => {
    const pending = await upload('hospedagens');
    const reply = await api('POST', '/api/images/sweep', { token, json: {} });
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toBe(0);
    expect(reply.body.kept).toBeGreaterThanOrEqual(1);
    expect(await statuses(pending)).toEqual([200, 200, 200]);
  });

  it('removes every unsaved upload past the grace period and keeps all referenced ones', async () => {
    const [hero, extra, cardOnly, activeSlide, inactiveSlide, abandoned, abandoned2] =
      await Promise.all([
        upload('hospedagens'),
        upload('hospedagens'),
        upload('passeios'),
        upload('carousel'),
        upload('carousel'),
        upload('comercios'),
        upload('carousel'),
      ]);
    const saved = await Promise.all([
      api('POST', '/api/hospedagens', {
        token,
        json: {
          ...validListing('hospedagem'),
          image_url: hero.hero,
          additional_images: [extra.hero],
        },
      }),
      api('POST', '/api/passeios', {
        token,
        json: {
          ...validListing('passeio'),
          image_url: '/demo/x.jpg',
          additional_images: [cardOnly.card],
        },
      }),
      api('POST', '/api/slides', { token, json: { ...validSlide(), image_url: activeSlide.hero } }),
      api('POST', '/api/slides', {
        token,
        json: { ...validSlide(), image_url: inactiveSlide.hero, is_active: false },
      }),
    ]);
    expect(saved.map((r) => r.status)).toEqual([201, 201, 201, 201]);

    const reply = await api('POST', '/api/images/sweep', {
      token,
      json: { older_than_seconds: 0 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toBeGreaterThanOrEqual(2);
    for (const kept of [hero, extra, cardOnly, activeSlide, inactiveSlide])
      expect(await statuses(kept)).toEqual([200, 200, 200]);
    for (const gone of [abandoned, abandoned2])
      expect(await statuses(gone)).toEqual([404, 404, 404]);

    // Nothing unused is left: a second sweep finds nothing to remove.
    const again = await api('POST', '/api/images/sweep', {
      token,
      json: { older_than_seconds: 0 },
    });
    expect([again.status, again.body]).toEqual([200, { removed: 0, kept: reply.body.kept }]);
  });

  it("keeps the photos the history and the trash show, until 'Excluir definitivamente'", async () => {
    const [replaced, deleted] = await Promise.all([upload('hospedagens'), upload('hospedagens')]);
    const sweepNow = () =>
      expectCall(200, 'POST', '/api/images/sweep', { token, json: { older_than_seconds: 0 } });
    const listing = await expectCall(201, 'POST', '/api/hospedagens', {
      token,
      json: { ...validListing('hospedagem'), image_url: replaced.hero },
    });
    await expectCall(200, 'PATCH', `/api/hospedagens/${listing.id}`, {
      token,
      json: { image_url: deleted.hero },
    });
    // Replaced: only the history of the listing shows it now.
    await sweepNow();
    expect(await statuses(replaced)).toEqual([200, 200, 200]);
    await expectCall(200, 'DELETE', `/api/hospedagens/${listing.id}`, { token });
    // Deleted: the trash shows both.
    await sweepNow();
    expect(await statuses(replaced)).toEqual([200, 200, 200]);
    expect(await statuses(deleted)).toEqual([200, 200, 200]);
    const item = await trashItem('hospedagens', listing.id);
    await expectCall(200, 'DELETE', `/api/trash/${item.id}`, { token });
    expect(await statuses(replaced)).toEqual([404, 404, 404]);
    expect(await statuses(deleted)).toEqual([404, 404, 404]);
  });

  it('is for administrators only and refuses a bad grace period in Portuguese', async () => {
    const pending = await upload('general');
    const before = r2ObjectCount();
    const user = await newUser();
    const forbidden = await api('POST', '/api/images/sweep', {
      token: user.token,
      json: { older_than_seconds: 0 },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(PORTUGUESE_403);
    const anonymous = await api('POST', '/api/images/sweep', { json: { older_than_seconds: 0 } });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'unauthorized']);
    for (const bad of [-1, 1.5, '60']) {
      const reply = await api('POST', '/api/images/sweep', {
        token,
        json: { older_than_seconds: bad },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({
        code: 'invalid_data',
        message: 'Informe o tempo em segundos.',
      });
    }
    expect(r2ObjectCount()).toBe(before);
    expect(await statuses(pending)).toEqual([200, 200, 200]);
  });
});
