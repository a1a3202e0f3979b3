import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    await new Promise((r) => setTimeout(r, ms));
    mkdirSync(outDir, { recursive: true });
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

  it('coalesces a burst of 20 requests into one build plus one follow-up', async () => {
    let version = 0;
    const site = fakeSiteBuild(() => `v${++version}`, 100);
    const publisher = new SiteBuilder(root, site.build);
    for (let i = 0; i < 20; i++) publisher.request();
    await publisher.idle();
    expect(site.runs()).toBe(2);
    const live = publisher.liveDir();
    expect(live && readFileSync(join(live, 'index.html'), 'utf8')).toBe('v2');
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
    /** A patcher that writes `patched` as the copy's index.html, or declines or throws. */
    function fakePatch(answer: 'patch' | 'decline' | 'throw') {
      const calls = { patch: 0, prepare: 0 };
      const patch: PatchSite = {
        prepare: async () => {
          calls.prepare++;
        },
        async patch(liveDir, outDir) {
          calls.patch++;
          if (answer === 'throw') throw new Error('renderizador caiu');
          mkdirSync(outDir, { recursive: true });
          writeFileSync(
            join(outDir, 'index.html'),
            `patched ${readFileSync(join(liveDir, 'index.html'))}`,
          );
          return { patched: answer === 'patch' };
        },
      };
      return { patch, calls };
    }

    it('swaps in the patched copy at once, then the whole build', async () => {
      let version = 0;
      const site = fakeSiteBuild(() => `v${++version}`, 300);
      const patcher = fakePatch('patch');
      const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
      publisher.request();
      await publisher.idle();
      // No live site yet: nothing to patch; the first build readies the patcher.
      expect(patcher.calls).toEqual({ patch: 0, prepare: 1 });

      publisher.request();
      await new Promise((r) => setTimeout(r, 150));
      const during = publisher.liveDir();
      expect(during && readFileSync(join(during, 'index.html'), 'utf8')).toBe('patched v1');
      expect(publisher.status().state).toBe('building');
      await publisher.idle();
      const after = publisher.liveDir();
      expect(after && readFileSync(join(after, 'index.html'), 'utf8')).toBe('v2');
      expect(site.runs()).toBe(2);
      expect(patcher.calls.patch).toBe(1);
      expect(publisher.status()).toMatchObject({ builds: 2, patches: 1 });
    });

    it('leaves nothing of a patch that declined or failed, and builds as before', async () => {
      for (const answer of ['decline', 'throw'] as const) {
        rmSync(root, { recursive: true, force: true });
        let version = 0;
        const site = fakeSiteBuild(() => `v${++version}`);
        const patcher = fakePatch(answer);
        const publisher = new SiteBuilder(root, site.build, { patch: patcher.patch });
        publisher.request();
        await publisher.idle();
        publisher.request();
        await publisher.idle();
        expect(patcher.calls.patch).toBe(1);
        expect(publisher.status().patches).toBe(0);
        const live = publisher.liveDir();
        expect(live && readFileSync(join(live, 'index.html'), 'utf8')).toBe('v2');
        expect(readdirSync(join(root, 'builds')).filter((b) => b.endsWith('-patch'))).toEqual([]);
      }
    });
  });
});
