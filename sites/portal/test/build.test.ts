// A failed build says why in one line — what the admin's publish indicator shows — while its log
// (with this machine's paths and the stack) stays with whoever runs the build.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnv, buildSite } from '../scripts/build.ts';

/** Where build-process.ts gives each build its working directory. */
const BUILDS = join(import.meta.dirname, '..', '.astro', 'builds');
const unreachable = buildEnv({
  siteUrl: 'http://127.0.0.1:4321',
  // Port 9 (discard): nothing answers there.
  supabaseUrl: 'http://127.0.0.1:9',
  publishableKey: 'sb_publishable_teste',
  apiUrl: 'http://127.0.0.1:8787',
  imagesUrl: 'http://127.0.0.1:8787/images',
});

it('a build that cannot read Supabase fails with a one-line reason, without local paths', async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'portal-falha-'));
  try {
    const result = await buildSite(outDir, unreachable);
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/^Não foi possível ler \w+ em http:\/\/127\.0\.0\.1:9/);
    expect(result.reason).not.toContain('\n');
    expect(result.reason).not.toContain(join(import.meta.dirname, '..'));
    expect(result.log).toContain('at ');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}, 120_000);

describe('a build process', () => {
  it('is one per build: each fails with its reason and leaves no working directory', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portal-processo-'));
    const workDirs = () => readdirSync(BUILDS).filter((name) => /^(um|dois)-/.test(name));
    try {
      const results = await Promise.all(
        ['um', 'dois'].map((name) =>
          buildSite(join(root, name), unreachable, { cacheDir: join(root, 'cache', name) }),
        ),
      );
      for (const result of results) {
        expect(result.ok).toBe(false);
        expect(result.reason).toMatch(/^Não foi possível ler \w+ em http:\/\/127\.0\.0\.1:9/);
      }
      expect(workDirs()).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});
