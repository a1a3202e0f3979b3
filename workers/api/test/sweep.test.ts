// POST /api/images/sweep: photos uploaded but never saved to a row (an abandoned form, a failed
// save) are removed once older than the grace period; every photo a row shows — listings, active
// and inactive slides, any variant — stays, and so does every photo a trashed row or the history
// of a row that still exists shows, until 'Excluir definitivamente'. A photo is all its objects:
// each size as JPEG, WebP and (card, thumb) AVIF, or only the three JPEGs for photos stored
// before the several formats (put into a worker's bucket directly, as they were left).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import {
  admin,
  api,
  expectCall,
  newUser,
  PORTUGUESE_403,
  r2Keys,
  r2ObjectCount,
  stack,
  trashItem,
} from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';
import { type DeployHook, startDeployHook } from './support/hook.ts';
import { photo } from './support/photos.ts';
import { startWorker } from './support/stack.ts';
import {
  every,
  keyOf,
  magicFormat,
  photoObjects,
  statuses,
  type Variants,
} from './support/stored.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

describe('POST /api/images/sweep', () => {
  it('keeps recent unsaved uploads by default (a form may still be open)', async () => {
    const pending = await upload('hospedagens');
    const reply = await api('POST', '/api/images/sweep', { token, json: {} });
    expect(reply.status).toBe(200);
    expect(reply.body.removed).toBe(0);
    expect(reply.body.kept).toBeGreaterThanOrEqual(1);
    expect(await statuses(pending)).toEqual(every(200));
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
      expect(await statuses(kept)).toEqual(every(200));
    for (const gone of [abandoned, abandoned2]) expect(await statuses(gone)).toEqual(every(404));
    // In the bucket itself: every object of the kept photos, nothing of the removed ones (no
    // AVIF or WebP left behind on its own).
    const keys = r2Keys();
    for (const kept of [hero, extra, cardOnly, activeSlide, inactiveSlide])
      expect(keys).toEqual(
        expect.arrayContaining(photoObjects(kept.hero).map((o) => keyOf(o.url))),
      );
    const prefixes = [abandoned, abandoned2].map((p) => keyOf(p.hero).replace(/hero\.jpg$/, ''));
    expect(keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix)))).toEqual([]);

    // Nothing unused is left: a second sweep finds nothing to remove.
    const again = await api('POST', '/api/images/sweep', {
      token,
      json: { older_than_seconds: 0 },
    });
    expect([again.status, again.body]).toEqual([
      200,
      { removed: 0, kept: reply.body.kept, expired: 0 },
    ]);
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
    expect(await statuses(replaced)).toEqual(every(200));
    await expectCall(200, 'DELETE', `/api/hospedagens/${listing.id}`, { token });
    // Deleted: the trash shows both.
    await sweepNow();
    expect(await statuses(replaced)).toEqual(every(200));
    expect(await statuses(deleted)).toEqual(every(200));
    const item = await trashItem('hospedagens', listing.id);
    await expectCall(200, 'DELETE', `/api/trash/${item.id}`, { token });
    expect(await statuses(replaced)).toEqual(every(404));
    expect(await statuses(deleted)).toEqual(every(404));
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
    expect(await statuses(pending)).toEqual(every(200));
  });
});

describe('photos stored before the several formats: three JPEGs, no mark', () => {
  type Seeder = {
    env: {
      IMAGES_BUCKET: {
        put(
          key: string,
          value: Uint8Array,
          options: { httpMetadata: { contentType: string; cacheControl: string } },
        ): Promise<unknown>;
      };
    };
    dispose(): Promise<void>;
  };
  // Their key bases, as the worker named them then: `{folder}/{random}_{timestamp}`.
  const LEGACY = {
    kept: 'hospedagens/legado0k_1767225600000',
    swept: 'comercios/legado0s_1767225600001',
  };
  let dir: string;
  let persistTo: string;
  let hook: DeployHook;
  let worker: StartedServer;
  const url = (key: string) => `${worker.url}/images/${key}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gf-api-legacy-'));
    persistTo = join(dir, 'wrangler');
    // Straight into the bucket wrangler dev will use (no worker code involved), as they were left.
    const config = join(dir, 'wrangler.json');
    writeFileSync(
      config,
      JSON.stringify({
        name: 'fotos-antigas',
        compatibility_date: '2026-11-01',
        r2_buckets: [{ binding: 'IMAGES_BUCKET', bucket_name: 'images' }],
      }),
    );
    const seeder = (await getPlatformProxy({
      configPath: config,
      persist: { path: join(persistTo, 'v3') },
      remoteBindings: false,
    })) as unknown as Seeder;
    try {
      for (const base of Object.values(LEGACY)) {
        for (const variant of IMAGE_VARIANT_NAMES) {
          const { width, height } = IMAGE_VARIANTS[variant];
          const bytes = await photo({ width: width / 4, height: height / 4 });
          await seeder.env.IMAGES_BUCKET.put(`${base}-${variant}.jpg`, new Uint8Array(bytes), {
            httpMetadata: { contentType: 'image/jpeg', cacheControl: IMMUTABLE },
          });
        }
      }
    } finally {
      await seeder.dispose();
    }
    hook = await startDeployHook();
    worker = await startWorker({
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: hook.builds,
      persistTo,
    });
  });

  afterAll(async () => {
    await worker?.stop();
    await hook?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const legacyKeys = (base: string) => IMAGE_VARIANT_NAMES.map((v) => `${base}-${v}.jpg`);

  it('are still served, as JPEG only (no WebP or AVIF siblings to offer)', async () => {
    expect(r2Keys(persistTo)).toEqual(
      [...legacyKeys(LEGACY.kept), ...legacyKeys(LEGACY.swept)].sort(),
    );
    for (const key of legacyKeys(LEGACY.kept)) {
      const response = await fetch(url(key));
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([key, response.status, response.headers.get('content-type')]).toEqual([
        key,
        200,
        'image/jpeg',
      ]);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(magicFormat(bytes)).toBe('jpeg');
    }
    const objects = photoObjects(url(`${LEGACY.kept}-hero.jpg`));
    expect(objects.map((o) => keyOf(o.url))).toEqual(legacyKeys(LEGACY.kept));
    for (const sibling of ['card.webp', 'card.avif', 'hero.webp'])
      expect((await fetch(url(`${LEGACY.kept}-${sibling}`))).status).toBe(404);
  });

  it('are swept and freed like photos uploaded now, which go with all their formats', async () => {
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
      return expectCall<Variants>(
        201,
        'POST',
        '/api/images?folder=hospedagens',
        { token, body: form },
        worker.url,
      );
    };
    const [fresh, abandoned] = [await upload(), await upload()];
    const freshKeys = photoObjects(fresh.hero).map((o) => keyOf(o.url));
    expect(freshKeys).toHaveLength(8);
    expect(r2Keys(persistTo)).toHaveLength(3 + 3 + 8 + 8);

    const listing = await expectCall(
      201,
      'POST',
      '/api/hospedagens',
      {
        token,
        json: {
          ...validListing('hospedagem'),
          image_url: url(`${LEGACY.kept}-hero.jpg`),
          additional_images: [fresh.hero],
        },
      },
      worker.url,
    );
    const sweep = await expectCall(
      200,
      'POST',
      '/api/images/sweep',
      { token, json: { older_than_seconds: 0 } },
      worker.url,
    );
    expect(sweep).toEqual({ removed: 2, kept: 2, expired: 0 });
    const swept = [
      ...legacyKeys(LEGACY.swept),
      ...photoObjects(abandoned.hero).map((o) => keyOf(o.url)),
    ];
    expect(r2Keys(persistTo)).toEqual(
      [...legacyKeys(LEGACY.kept), ...freshKeys, ...swept.map((key) => `quarantine/${key}`)].sort(),
    );
    expect((await fetch(url(`${LEGACY.swept}-thumb.jpg`))).status).toBe(404);
    expect(await statuses(abandoned)).toEqual(every(404));

    // 'Excluir definitivamente' frees both: the old photo's three JPEGs, the new one's eight.
    await expectCall(200, 'DELETE', `/api/hospedagens/${listing.id}`, { token }, worker.url);
    const item = await trashItem('hospedagens', listing.id);
    await expectCall(200, 'DELETE', `/api/trash/${item.id}`, { token }, worker.url);
    expect(r2Keys(persistTo)).toEqual(
      [...swept, ...legacyKeys(LEGACY.kept), ...freshKeys].map((key) => `quarantine/${key}`).sort(),
    );
  });

  it("waits in the quarantine for the backups' reach, then is deleted for good", async () => {
    const waiting = r2Keys(persistTo);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((key) => key.startsWith('quarantine/'))).toBe(true);
    const sweepWith = (json: Record<string, number>) =>
      expectCall(200, 'POST', '/api/images/sweep', { token, json }, worker.url);
    // Seven days by default; an hour is still longer than they have waited.
    expect(await sweepWith({})).toEqual({ removed: 0, kept: 0, expired: 0 });
    expect(await sweepWith({ quarantine_seconds: 3600 })).toMatchObject({ expired: 0 });
    expect(r2Keys(persistTo)).toEqual(waiting);
    // A second later they have waited longer than one second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await sweepWith({ quarantine_seconds: 1 })).toEqual({
      removed: 0,
      kept: 0,
      expired: waiting.length,
    });
    expect(r2Keys(persistTo)).toEqual([]);
  });
});
