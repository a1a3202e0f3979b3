// The photo sweep, the worker's Cron Trigger, fired as wrangler dev offers it
// (/cdn-cgi/local/scheduled, whose `time` is the run's scheduledTime: that is how these tests move
// the clock on by a day or a week, never by sleeping). Photos uploaded but never saved to a row
// are moved to the quarantine once all their objects are past the grace period; every photo a row
// shows — listings, an inactive slide, a gallery's card size — stays, and so does every photo a
// trashed row or the history of a row that still exists shows. A photo is all its objects: each
// size as JPEG, WebP and (card, thumb) AVIF, or only the three JPEGs for photos stored before the
// several formats, or whatever part of one an interrupted upload left.
//
// The bucket is seeded straight through wrangler's own storage (no worker code involved) before
// the worker starts, and its pages are 5 objects long (SWEEP_PAGE_SIZE), so a run — at most 5
// pages — covers 25 objects and every 8-object photo straddles a page boundary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import {
  PHOTO_PAGES,
  QUARANTINE_MS,
  QUARANTINE_PAGES,
  SWEEP_GRACE_MS,
  type SweepPosition,
} from '../src/images/sweep-bounds.ts';
import { admin, api, expectCall, stack, trashItem } from './support/client.ts';
import { validListing, validSlide } from './support/fixtures.ts';
import { type DeployHook, startDeployHook } from './support/hook.ts';
import { photo } from './support/photos.ts';
import { localR2Objects } from './support/r2.ts';
import { startWorker } from './support/stack.ts';
import { keyOf, magicFormat, photoObjects, type Variants } from './support/stored.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CRON = '*/15 * * * *';
const PAGE_SIZE = 5;
const QUARANTINE = 'quarantine/';

/** One run's log line (scheduled.ts). */
type RunLine = {
  message: 'image sweep' | 'image sweep failed';
  removed: number;
  kept: number;
  expired: number;
  photoPages: number;
  photoObjects: number;
  quarantinePages: number;
  quarantineObjects: number;
  from: SweepPosition;
  to: SweepPosition;
  images: string[];
  error?: string;
};
type Run = { status: number; outcome: string; line: RunLine };

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

/** Every object a photo uploaded now has (the domain's rule), by key. */
const objectKeys = (base: string) =>
  photoObjects(`http://fotos.invalid/images/${base}-hero.jpg`).map((o) => keyOf(o.url));
const legacyKeys = (base: string) => IMAGE_VARIANT_NAMES.map((v) => `${base}-${v}.jpg`);

/** Straight into the bucket a worker will use, before it starts, as uploads would have left them. */
async function seed(persistTo: string, objects: [key: string, bytes: Uint8Array][]) {
  const config = join(persistTo, '..', `seed-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      name: 'semeadura',
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
    for (const [key, bytes] of objects) {
      await seeder.env.IMAGES_BUCKET.put(key, bytes, {
        httpMetadata: { contentType: 'image/jpeg', cacheControl: IMMUTABLE },
      });
    }
  } finally {
    await seeder.dispose();
  }
}

async function waitFor<T>(probe: () => T, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('o worker não registrou a execução a tempo');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sweep's log lines so far (wrangler prints them between colour codes). */
function runLines(worker: StartedServer): RunLine[] {
  return worker
    .output()
    .split('\n')
    .flatMap((l): RunLine[] => {
      const start = l.indexOf('{"level"');
      if (start < 0) return [];
      try {
        const line = JSON.parse(l.slice(start, l.lastIndexOf('}') + 1));
        return line.message === 'image sweep' || line.message === 'image sweep failed'
          ? [line]
          : [];
      } catch {
        return [];
      }
    });
}

/** One run of the Cron Trigger at `time` (its scheduledTime), and what it logged. */
async function runSweep(worker: StartedServer, time: number): Promise<Run> {
  const before = runLines(worker).length;
  const response = await fetch(
    `${worker.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}&time=${time}&format=json`,
  );
  const { outcome } = (await response.json()) as { outcome: string };
  const lines = await waitFor(
    () => runLines(worker),
    (l) => l.length > before,
  );
  expect(lines).toHaveLength(before + 1);
  return { status: response.status, outcome, line: lines[before] as RunLine };
}

/** Every run's work is bounded, whatever the bucket holds. */
function expectBounded(run: Run): void {
  expect(run.line.photoPages).toBeLessThanOrEqual(PHOTO_PAGES);
  expect(run.line.photoObjects).toBeLessThanOrEqual(PHOTO_PAGES * PAGE_SIZE);
  expect(run.line.quarantinePages).toBeLessThanOrEqual(QUARANTINE_PAGES);
  expect(run.line.quarantineObjects).toBeLessThanOrEqual(QUARANTINE_PAGES * PAGE_SIZE);
}

describe('the photo sweep, a Cron Trigger that goes through the bucket a few pages a run', () => {
  // Key bases as the worker names them: `{folder}/{random}_{timestamp}` and `_mf` for a photo in
  // every format. Folders are listed in this order: carousel, comercios, general, hospedagens,
  // passeios.
  const B = {
    inactiveSlide: 'carousel/k1slide_1767225600000_mf',
    abandonedSlide: 'carousel/u1lixo_1767225600001_mf',
    trashed: 'comercios/k2lixeira_1767225600002_mf',
    // an upload cut off after three objects
    fragment: 'comercios/u2parte_1767225600003_mf',
    abandonedGeneral: 'general/u3lixo_1767225600004_mf',
    live: 'hospedagens/k3vivo_1767225600005_mf',
    history: 'hospedagens/k4historia_1767225600006_mf',
    galleryCard: 'hospedagens/k5galeria_1767225600007_mf',
    // seven objects old, the last one put a little later: past the grace period only in part
    mixedAge: 'hospedagens/m1misto_1767225600008_mf',
    abandoned1: 'passeios/u4lixo_1767225600009_mf',
    abandoned2: 'passeios/u5lixo_1767225600010_mf',
  };
  // Stored before the several formats: three JPEGs, no mark.
  const LEGACY = {
    trashed: 'comercios/legado0k_1767225600011',
    abandoned: 'passeios/legado0s_1767225600012',
  };
  /** A key in a photos' folder that is no photo's: never moved, never in the way. */
  const JUNK = 'general/leia-me.txt';
  const FRAGMENT_KEYS = objectKeys(B.fragment).filter((k) => k.includes('-card.'));

  /** Every photo in the bucket: its base and its objects. */
  const photos = new Map<string, string[]>([
    ...Object.values(B).map((base): [string, string[]] => [
      base,
      base === B.fragment ? FRAGMENT_KEYS : objectKeys(base),
    ]),
    ...Object.values(LEGACY).map((base): [string, string[]] => [base, legacyKeys(base)]),
  ]);
  const referenced = new Set<string>([
    B.inactiveSlide,
    B.trashed,
    B.live,
    B.history,
    B.galleryCard,
    LEGACY.trashed,
  ]);

  let dir: string;
  let persistTo: string;
  let hook: DeployHook;
  let worker: StartedServer;
  let token: string;
  let uploaded: Variants;
  let trashedListing: string;
  const url = (key: string) => `${worker.url}/images/${key}`;
  const objects = () => localR2Objects(persistTo);
  const keysNow = () => new Set(objects().map((o) => o.key));
  /** When each photo's newest object was put (ms), from wrangler's own files. */
  const newest = (base: string) =>
    Math.max(
      ...objects()
        .filter((o) => photos.get(base)?.includes(o.key))
        .map((o) => o.uploaded),
    );

  /** Where a photo is now: all in place, all in the quarantine; anything else fails. */
  function whereIs(base: string): 'in place' | 'quarantined' {
    const keys = keysNow();
    const own = photos.get(base) ?? [];
    if (own.every((k) => keys.has(k)) && !own.some((k) => keys.has(`${QUARANTINE}${k}`)))
      return 'in place';
    if (own.every((k) => keys.has(`${QUARANTINE}${k}`)) && !own.some((k) => keys.has(k)))
      return 'quarantined';
    throw new Error(`${base} está pela metade: ${own.map((k) => `${k}:${keys.has(k)}`)}`);
  }

  /** Runs at `time` until each pass has gone twice past the bucket's end: once right round. */
  async function sweepAround(time: number): Promise<Run[]> {
    const runs: Run[] = [];
    let photoWraps = 0;
    let quarantineWraps = 0;
    while (photoWraps < 2 || quarantineWraps < 2) {
      const run = await runSweep(worker, time);
      expect([run.status, run.outcome, run.line.message]).toEqual([200, 'ok', 'image sweep']);
      expectBounded(run);
      if (runs.length > 0) expect(run.line.from).toEqual(runs.at(-1)?.line.to);
      runs.push(run);
      if (run.line.to.photos === '') photoWraps += 1;
      if (run.line.to.quarantine === '') quarantineWraps += 1;
      expect(runs.length).toBeLessThan(100);
    }
    return runs;
  }

  beforeAll(async () => {
    token = (await admin()).token;
    dir = mkdtempSync(join(tmpdir(), 'gf-api-sweep-'));
    persistTo = join(dir, 'wrangler');
    const tiny = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    const seeded: [string, Uint8Array][] = [[JUNK, tiny]];
    for (const [base, keys] of photos) {
      if (base === B.mixedAge) continue;
      for (const key of keys) seeded.push([key, tiny]);
    }
    // The photo stored before the several formats that a listing shows: real JPEGs, served below.
    for (const variant of IMAGE_VARIANT_NAMES) {
      const { width, height } = IMAGE_VARIANTS[variant];
      const bytes = new Uint8Array(await photo({ width: width / 4, height: height / 4 }));
      seeded[seeded.findIndex(([k]) => k === `${LEGACY.trashed}-${variant}.jpg`)] = [
        `${LEGACY.trashed}-${variant}.jpg`,
        bytes,
      ];
    }
    const mixed = objectKeys(B.mixedAge);
    await seed(persistTo, [
      ...seeded,
      ...mixed.slice(0, -1).map((k): [string, Uint8Array] => [k, tiny]),
    ]);
    // The last object of the mixed-age photo after the clock has moved on (a later millisecond).
    const before = Date.now();
    while (Date.now() <= before + 1) await new Promise((resolve) => setTimeout(resolve, 1));
    await seed(persistTo, [[mixed.at(-1) as string, tiny]]);

    hook = await startDeployHook();
    worker = await startWorker({
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: hook.builds,
      persistTo,
      imageSweepKey: stack.imageSweepKey,
      sweepPageSize: PAGE_SIZE,
    });

    // What the rows show: a listing (its photo, its gallery's card size), the history of a
    // replaced photo, an inactive slide, and a deleted listing waiting in the trash.
    const listing = await expectCall<{ id: string }>(
      201,
      'POST',
      '/api/hospedagens',
      {
        token,
        json: {
          ...validListing('hospedagem'),
          image_url: url(`${B.history}-hero.jpg`),
          additional_images: [url(`${B.galleryCard}-card.jpg`)],
        },
      },
      worker.url,
    );
    await expectCall(
      200,
      'PATCH',
      `/api/hospedagens/${listing.id}`,
      { token, json: { image_url: url(`${B.live}-hero.jpg`) } },
      worker.url,
    );
    await expectCall(
      201,
      'POST',
      '/api/slides',
      {
        token,
        json: { ...validSlide(), image_url: url(`${B.inactiveSlide}-hero.jpg`), is_active: false },
      },
      worker.url,
    );
    const trashed = await expectCall<{ id: string }>(
      201,
      'POST',
      '/api/comercios',
      {
        token,
        json: {
          ...validListing('comercio'),
          image_url: url(`${B.trashed}-hero.jpg`),
          additional_images: [url(`${LEGACY.trashed}-hero.jpg`)],
        },
      },
      worker.url,
    );
    trashedListing = trashed.id;
    await expectCall(200, 'DELETE', `/api/comercios/${trashed.id}`, { token }, worker.url);

    // And one photo uploaded now, through the worker, after everything above.
    const form = new FormData();
    const jpeg = await photo({ width: 320, height: 240 });
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    uploaded = await expectCall<Variants>(
      201,
      'POST',
      '/api/images?folder=hospedagens',
      { token, body: form },
      worker.url,
    );
    const base = keyOf(uploaded.hero).replace(/-hero\.jpg$/, '');
    photos.set(
      base,
      photoObjects(uploaded.hero).map((o) => keyOf(o.url)),
    );
  });

  afterAll(async () => {
    await worker?.stop();
    await hook?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const uploadedBase = () => keyOf(uploaded.hero).replace(/-hero\.jpg$/, '');

  it('serves the photos stored before the several formats as JPEG only', async () => {
    for (const key of legacyKeys(LEGACY.trashed)) {
      const response = await fetch(url(key));
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([key, response.status, response.headers.get('content-type')]).toEqual([
        key,
        200,
        'image/jpeg',
      ]);
      expect(magicFormat(bytes)).toBe('jpeg');
    }
    for (const sibling of ['card.webp', 'card.avif', 'hero.webp'])
      expect((await fetch(url(`${LEGACY.trashed}-${sibling}`))).status).toBe(404);
  });

  it('does a bounded part of the bucket a run, resumes where the last run stopped, and decides a photo only from all its objects', async () => {
    // The clock of every run: the grace period has passed for every seeded object but the last
    // one of the mixed-age photo, by one millisecond.
    const time = newest(B.mixedAge) + SWEEP_GRACE_MS - 1;
    const oldestMixed = Math.min(
      ...objects()
        .filter((o) => photos.get(B.mixedAge)?.includes(o.key))
        .map((o) => o.uploaded),
    );
    expect(oldestMixed + SWEEP_GRACE_MS).toBeLessThanOrEqual(time);
    const unused = (base: string) => !referenced.has(base) && newest(base) + SWEEP_GRACE_MS <= time;
    const toRemove = [...photos.keys()].filter(unused);
    expect(toRemove.sort()).toEqual(
      [
        B.abandonedSlide,
        B.fragment,
        B.abandonedGeneral,
        B.abandoned1,
        B.abandoned2,
        LEGACY.abandoned,
      ].sort(),
    );
    const inFolders = [...keysNow()].filter((k) => !k.startsWith(QUARANTINE)).sort();
    // More than one run's worth: no run can go through it all.
    expect(inFolders.length).toBeGreaterThan(PHOTO_PAGES * PAGE_SIZE);

    const runs: Run[] = [];
    let leftWhole = 0;
    do {
      const run = await runSweep(worker, time);
      expect([run.status, run.outcome, run.line.message]).toEqual([200, 'ok', 'image sweep']);
      expectBounded(run);
      // Resumed where the last one stopped (the first from the start of the bucket).
      expect(run.line.from.photos).toBe(runs.at(-1)?.line.to.photos ?? '');
      runs.push(run);
      const to = run.line.to.photos;
      const decided = (key: string) => to === '' || key <= to;
      // Every photo is whole, in place or in the quarantine; decided ones as they should be,
      // the others untouched.
      for (const [base, keys] of photos) {
        const last = keys.toSorted().at(-1) as string;
        const expected = decided(last) && toRemove.includes(base) ? 'quarantined' : 'in place';
        expect([base, whereIs(base)]).toEqual([base, expected]);
        if (!decided(last)) expect(decided(keys.toSorted()[0] as string)).toBe(false);
      }
      expect(keysNow().has(JUNK)).toBe(true);
      // Listed past the last photo it decided: that photo's objects go on in the next run, which
      // lists them again from the first.
      const from = run.line.from.photos;
      const listedDecided = inFolders.filter((k) => k > from && decided(k)).length;
      if (run.line.photoObjects > listedDecided) leftWhole += 1;
    } while (runs.at(-1)?.line.to.photos !== '');
    expect(runs.length).toBeGreaterThan(1);
    expect(leftWhole).toBeGreaterThan(0);
    expect(runs.reduce((n, r) => n + r.line.removed, 0)).toBe(toRemove.length);
    expect(runs.flatMap((r) => r.line.images).sort()).toEqual(toRemove.sort());
    // Past the end it starts over.
    const again = await runSweep(worker, time);
    expect(again.line.from.photos).toBe('');
    expect(again.line.removed).toBe(0);
    expect(whereIs(B.mixedAge)).toBe('in place');
  });

  it('keeps a photo until all its objects are past the grace period, to the millisecond', async () => {
    const base = uploadedBase();
    const last = newest(base);
    await sweepAround(last + SWEEP_GRACE_MS - 1);
    expect(whereIs(base)).toBe('in place');
    // The mixed-age photo, older than it, is past now, whole.
    expect(whereIs(B.mixedAge)).toBe('quarantined');
    await sweepAround(last + SWEEP_GRACE_MS);
    expect(whereIs(base)).toBe('quarantined');
    // What a row shows stays: live listings, its gallery's card, an inactive slide, the history
    // of a row that still exists, the trash (new and old formats).
    for (const kept of referenced) expect([kept, whereIs(kept)]).toEqual([kept, 'in place']);
    expect(keysNow().has(JUNK)).toBe(true);
  });

  it('deletes for good what has waited in the quarantine past its week, to the millisecond', async () => {
    const base = uploadedBase();
    const waiting = () => objects().filter((o) => o.key.startsWith(QUARANTINE));
    const own = waiting().filter((o) => photos.get(base)?.includes(o.key.slice(QUARANTINE.length)));
    expect(own).toHaveLength(8);
    const first = Math.min(...own.map((o) => o.uploaded));
    const lastIn = Math.max(...own.map((o) => o.uploaded));
    const before = waiting();

    await sweepAround(first + QUARANTINE_MS - 1);
    // Exactly what had waited a week or more is gone; this photo has not, by a millisecond.
    expect(waiting().map((o) => o.key)).toEqual(
      before.filter((o) => o.uploaded > first - 1).map((o) => o.key),
    );
    expect(waiting().map((o) => o.key)).toEqual(expect.arrayContaining(own.map((o) => o.key)));

    await sweepAround(lastIn + QUARANTINE_MS);
    expect(waiting().map((o) => o.key)).toEqual(
      before.filter((o) => o.uploaded > lastIn).map((o) => o.key),
    );
    expect(keysNow().has(`${QUARANTINE}${photos.get(base)?.[0]}`)).toBe(false);
    for (const kept of referenced) expect([kept, whereIs(kept)]).toEqual([kept, 'in place']);
  });

  it("frees the trash's photos (new and old formats) at 'Excluir definitivamente'", async () => {
    const item = await trashItem('comercios', trashedListing);
    await expectCall(200, 'DELETE', `/api/trash/${item.id}`, { token }, worker.url);
    expect(whereIs(B.trashed)).toBe('quarantined');
    expect(whereIs(LEGACY.trashed)).toBe('quarantined');
    expect((await fetch(url(`${LEGACY.trashed}-thumb.jpg`))).status).toBe(404);
  });
});

describe('the photo sweep with a forged key', () => {
  const ABANDONED = 'general/u9lixo_1767225600099_mf';
  let dir: string;
  let persistTo: string;
  let hook: DeployHook;
  let worker: StartedServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gf-api-sweep-forged-'));
    persistTo = join(dir, 'wrangler');
    await seed(
      persistTo,
      objectKeys(ABANDONED).map((k): [string, Uint8Array] => [k, new Uint8Array([1])]),
    );
    hook = await startDeployHook();
    worker = await startWorker({
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: hook.builds,
      persistTo,
      // The right length and alphabet, not the key the database holds.
      imageSweepKey: `${stack.imageSweepKey.slice(1)}x`,
      sweepPageSize: PAGE_SIZE,
    });
  });

  afterAll(async () => {
    await worker?.stop();
    await hook?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is refused by the database: the run fails, nothing moves and the next run starts in the same place', async () => {
    const before = localR2Objects(persistTo);
    // Long past the grace period: with the right key the photo would go.
    const time = Date.now() + SWEEP_GRACE_MS * 2;
    const runs: Run[] = [];
    for (const _ of [1, 2]) {
      const run = await runSweep(worker, time);
      expect([run.status, run.outcome]).toEqual([500, 'exception']);
      expect(run.line).toMatchObject({
        message: 'image sweep failed',
        removed: 0,
        error: expect.stringContaining('Chave da varredura de fotos inválida.'),
      });
      runs.push(run);
    }
    // The empty folders before the photo are passed; the photo is where both runs stopped.
    const [first, second] = runs as [Run, Run];
    expect(first.line.from.photos).toBe('');
    expect(first.line.to.photos < (objectKeys(ABANDONED)[0] as string)).toBe(true);
    expect(second.line.from).toEqual(first.line.to);
    expect(second.line.to).toEqual(first.line.to);
    expect(localR2Objects(persistTo)).toEqual(before);
    // The database's key is unchanged: the suite's own key still asks (nothing references it).
    const asked = await fetch(`${stack.supabaseUrl}/rest/v1/rpc/unreferenced_images`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_key: stack.imageSweepKey, p_urls: ['https://x.invalid/a.jpg'] }),
    });
    expect([asked.status, await asked.json()]).toEqual([200, ['https://x.invalid/a.jpg']]);
  });
});

describe('POST /api/images/sweep', () => {
  it('is gone: the sweep is the Cron Trigger', async () => {
    const { token } = await admin();
    const reply = await api('POST', '/api/images/sweep', { token, json: {} });
    expect(reply.status).toBe(404);
  });
});
