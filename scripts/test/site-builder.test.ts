import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildSite, SiteBuilder } from '../stack/site-builder.ts';

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
});
