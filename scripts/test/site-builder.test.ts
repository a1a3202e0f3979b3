import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildSite, type PatchSite, SiteBuilder } from '../stack/site-builder.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'publisher-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build that writes index.html with `label` after `ms`, and counts its runs. */
function fakeSiteBuild(label: () => string, ms = 50) {
  let runs = 0;
  const build: BuildSite = async (outDir) => {
    runs++;
    // Its directory exists from the start, as astro's does: removed meanwhile, the build fails.
    mkdirSync(outDir, { recursive: true });
    await new Promise((r) => setTimeout(r, ms));
    writeFileSync(join(outDir, 'index.html'), label());
    return { ok: true, log: 'ok' };
  };
  return { build, runs: () => runs };
}

describe('SiteBuilder', () => {
  it('has no live site before the first build and one after it', async () => {
    const site = fakeSiteBuild(() => 'v1');
    const publisher = new SiteBuilder(root, site.build);
    expect(publisher.liveDir()).toBeNull();
    publisher.request();
    expect(publisher.status().state).toBe('building');
    await publisher.idle();
    const live = publisher.liveDir();
    expect(live && readFileSync(join(live, 'index.html'), 'utf8')).toBe('v1');
    expect(publisher.status().state).toBe('live');
  });

  it('coalesces a burst of 20 requests during a build into one follow-up', async () => {
    let version = 0;
    const site = fakeSiteBuild(() => `v${++version}`, 100);
    const publisher = new SiteBuilder(root, site.build);
    publisher.request();
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 20; i++) publisher.request();
    await publisher.idle();
    expect(site.runs()).toBe(2);
    const live = publisher.liveDir();
    expect(live && readFileSync(join(live, 'index.html'), 'utf8')).toBe('v2');
  });

  it('puts the requests made before a build reads into that build', async () => {
    const site = fakeSiteBuild(() => 'v1');
    const publisher = new SiteBuilder(root, site.build);
    for (let i = 0; i < 20; i++) publisher.request();
    await publisher.idle();
    expect(site.runs()).toBe(1);
  });

  it('keeps the previous site live when a build fails, and records the failure', async () => {
    let fail = false;
    const publisher = new SiteBuilder(root, async (outDir) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), 'good');
      return fail
        ? { ok: false, log: 'erro de build: dados ilegíveis\n    at x', reason: 'dados ilegíveis' }
        : { ok: true, log: '' };
    });
    publisher.request();
    await publisher.idle();
    const before = publisher.liveDir();
    fail = true;
    publisher.request();
    await publisher.idle();
    expect(publisher.liveDir()).toBe(before);
    expect(publisher.status()).toEqual(
      expect.objectContaining({ state: 'failed', error: 'dados ilegíveis' }),
    );
    expect(publisher.status()).not.toHaveProperty('log');
    expect(publisher.lastLog()).toBe('erro de build: dados ilegíveis\n    at x');
    expect(readFileSync(join(root, 'last-build.log'), 'utf8')).toBe(publisher.lastLog());
  });

  it('treats a build that throws as failed', async () => {
    const publisher = new SiteBuilder(root, async () => {
      throw new Error('astro morreu');
    });
    publisher.request();
    await publisher.idle();
    expect(publisher.status()).toMatchObject({ state: 'failed' });
    expect(publisher.liveDir()).toBeNull();
  });

  it('finds the live site again after a restart and prunes old builds', async () => {
    let version = 0;
    const site = fakeSiteBuild(() => `v${++version}`, 1);
    const first = new SiteBuilder(root, site.build);
    for (let i = 0; i < 3; i++) {
      first.request();
      await first.idle();
    }
    const again = new SiteBuilder(root, site.build);
    const live = again.liveDir();
    expect(again.status().state).toBe('live');
    expect(live && readFileSync(join(live, 'index.html'), 'utf8')).toBe('v3');
    expect(readdirSync(join(root, 'builds'))).toHaveLength(2);
  });

  describe('with a patcher', () => {
    type Settle = (patchedSinceMark: boolean) => Awaited<ReturnType<PatchSite['settle']>>;
    /**
     * A patcher that writes `patched <live index>` as the copy's index.html after `patchMs` (or
     * declines or throws), and settles a build as `settle` says (throwing, if it throws): `caught
     * up <built index>` in the copy, the build, or neither.
     */
    function fakePatch(
      answer: 'patch' | 'decline' | 'throw',
      settle: Settle = () => 'built',
      patchMs = 0,
    ) {
      const calls: string[] = [];
      const patch: PatchSite = {
        mark: async () => {
          calls.push('mark');
        },
        async patch(liveDir, outDir) {
          calls.push('patch');
          await new Promise((r) => setTimeout(r, patchMs));
          if (answer === 'throw') throw new Error('renderizador caiu');
          mkdirSync(outDir, { recursive: true });
          writeFileSync(
            join(outDir, 'index.html'),
            `patched ${readFileSync(join(liveDir, 'index.html'))}`,
          );
          return { patched: answer === 'patch' };
        },
        async settle(builtDir, outDir, patchedSinceMark) {
          calls.push(`settle${patchedSinceMark ? ' after a patch' : ''}`);
          const settled = settle(patchedSinceMark);
          if (settled === 'patched') {
            mkdirSync(outDir, { recursive: true });
            writeFileSync(
              join(outDir, 'index.html'),
              `caught up ${readFileSync(join(builtDir, 'index.html'))}`,
            );
          }
          return settled;
        },
        prepare: async () => {
          calls.push('prepare');
        },
      };
      return { patch, calls };
    }
    const shown = (publisher: SiteBuilder) => {
      const live = publisher.liveDir();
      return live && readFileSync(join(live, 'index.html'), 'utf8');
    };
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((r) => setTimeout(r, 10));
    };
    /** A first build; a save, patched, then its build; and a second save during that build. */
    const saveDuringBuild = async (publisher: SiteBuilder) => {
      publisher.request();
      await publisher.ready();
      publisher.request();
      await until(() => publisher.status().patches === 1);
      await new Promise((r) => setTimeout(r, 50));
      publisher.request();
    };

    it('swaps in the patched copy at once, then the whole build', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 300);
      const patcher = fakePatch('patch');
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
      publisher.request();
      await publisher.ready();
      // No live site yet: nothing to patch; the first build is settled, then the patcher made.
      expect(patcher.calls).toEqual(['mark', 'settle', 'prepare']);

      publisher.request();
      await until(() => publisher.status().patches === 1);
      expect(shown(publisher)).toBe('patched v1');
      expect(publisher.status().state).toBe('building');
      await publisher.ready();
      expect(shown(publisher)).toBe('v2');
      expect(site.runs()).toBe(2);
      expect(patcher.calls).toEqual([
        ...['mark', 'settle', 'prepare'],
        ...['patch', 'mark', 'settle', 'prepare'],
      ]);
      expect(publisher.status()).toMatchObject({ builds: 2, patches: 1, state: 'live' });
    });

    it('patches a save made during a whole build at once, and renders it on that build', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 400);
      let settles = 0;
      // The second build ends after the save it lacks went live: it is caught up.
      const patcher = fakePatch('patch', (patched) => {
        expect(patched).toBe(++settles === 2);
        return patched ? 'patched' : 'built';
      });
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
      publisher.request();
      await publisher.ready();

      publisher.request();
      await until(() => publisher.status().patches === 1);
      // The second save, while the whole build runs: live at once, without waiting for it.
      publisher.request();
      await until(() => publisher.status().patches === 2);
      expect(shown(publisher)).toBe('patched patched v1');
      expect(site.runs()).toBe(2);
      expect(publisher.status()).toMatchObject({ state: 'building', pending: true });
      // The build that lacks it goes live with it, then the follow-up build.
      await until(() => shown(publisher) === 'caught up v2');
      await publisher.ready();
      expect(shown(publisher)).toBe('v3');
      expect(publisher.status()).toMatchObject({ builds: 3, patches: 2, state: 'live' });
    });

    it('keeps a patched save live over a build that lacks it, until the build that follows', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 200);
      let settles = 0;
      const patcher = fakePatch('patch', () => (++settles === 2 ? 'kept' : 'built'));
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
      publisher.request();
      await publisher.ready();
      publisher.request();
      await publisher.ready();
      // v2 was never live: the patch stayed until v3, the build 'kept' asked for.
      expect(site.runs()).toBe(3);
      expect(shown(publisher)).toBe('v3');
      expect(patcher.calls).toEqual([
        ...['mark', 'settle', 'prepare'],
        ...['patch', 'mark', 'settle', 'prepare'],
        ...['mark', 'settle', 'prepare'],
      ]);
      expect(readdirSync(join(root, 'builds')).filter((b) => b.endsWith('-patch'))).toEqual([]);
    });

    it('never prunes the build being written when patches come during it', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 400);
      const failures: unknown[] = [];
      const build: BuildSite = (outDir) =>
        site.build(outDir).catch((error) => {
          failures.push(error);
          throw error;
        });
      const patcher = fakePatch('patch');
      const publisher = new SiteBuilder(root, build, { patch: patcher.patch, keep: 1 });
      publisher.request();
      await publisher.ready();
      for (let i = 1; i <= 3; i++) {
        publisher.request();
        await until(() => publisher.status().patches === i);
      }
      await publisher.ready();
      expect(failures).toEqual([]);
      expect(shown(publisher)).toBe(`v${site.runs()}`);
    });

    it('keeps a finished build until it is settled, while a patch runs across its end', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 200);
      const patcher = fakePatch('patch', () => 'built', 300);
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch, keep: 1 });
      // The second patch starts during the build (200 ms) and ends after it.
      await saveDuringBuild(publisher);
      // The live site is readable throughout: no build went live after being pruned.
      const missing: string[] = [];
      let settledAll = false;
      const done = publisher.ready().then(() => {
        settledAll = true;
      });
      while (!settledAll) {
        const live = publisher.liveDir();
        if (live && !existsSync(join(live, 'index.html'))) missing.push(live);
        await new Promise((r) => setTimeout(r, 5));
      }
      await done;
      expect(missing).toEqual([]);
      expect(publisher.status()).toMatchObject({ state: 'live', patches: 2, error: null });
      expect(shown(publisher)).toBe(`v${site.runs()}`);
    });

    it('keeps a patched save live when the patcher cannot settle the build that lacks it', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 300);
      const patcher = fakePatch('patch', (patched) => {
        if (patched) throw new Error('renderizador caiu');
        return 'built';
      });
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
      await saveDuringBuild(publisher);
      await until(() => publisher.status().patches === 2);
      // v2 lacks the second save: never live; the follow-up build is.
      const seen = new Set<string | null>();
      while (publisher.status().builds < 3 || publisher.status().state !== 'live') {
        seen.add(shown(publisher));
        await new Promise((r) => setTimeout(r, 5));
      }
      await publisher.ready();
      expect(seen.has('v2')).toBe(false);
      expect(shown(publisher)).toBe('v3');
    });

    it('leaves nothing of a patch that declined or failed, and builds as before', async () => {
      for (const answer of ['decline', 'throw'] as const) {
        rmSync(root, { recursive: true, force: true });
        let version = 0;
        const site = fakeSiteBuild(() => `v${++version}`);
        const patcher = fakePatch(answer);
        const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
        publisher.request();
        await publisher.ready();
        publisher.request();
        await publisher.ready();
        expect(patcher.calls.filter((call) => call === 'patch')).toHaveLength(1);
        expect(publisher.status().patches).toBe(0);
        expect(shown(publisher)).toBe('v2');
        expect(readdirSync(join(root, 'builds')).filter((b) => b.endsWith('-patch'))).toEqual([]);
      }
    });
  });
});
