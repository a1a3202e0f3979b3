// A failed build says why in one line — what the admin's publish indicator shows — while its log
// (with this machine's paths and the stack) stays with whoever runs the build.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnv, buildSite, siteBuildProcess } from '../scripts/build.ts';

const STACK_BUILDS = join(import.meta.dirname, '..', '.astro', 'stack-builds');
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

describe('a warm build process', () => {
  it('fails each build with its reason, keeps serving builds, and ends on stop', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portal-processo-'));
    // The process's working directory is named after the cache's parent directory.
    const warmDirs = () =>
      readdirSync(STACK_BUILDS).filter((name) => name.startsWith(`warm-${basename(root)}-`));
    const builds = siteBuildProcess(unreachable, { cacheDir: join(root, 'cache') });
    try {
      for (const name of ['um', 'dois']) {
        const result = await builds.build(join(root, name));
        expect(result.ok).toBe(false);
        expect(result.reason).toMatch(/^Não foi possível ler \w+ em http:\/\/127\.0\.0\.1:9/);
      }
      // One process for both builds: one working directory of its own, gone when it ends.
      expect(warmDirs()).toHaveLength(1);
      await builds.stop();
      expect(warmDirs()).toHaveLength(0);
      const after = await builds.build(join(root, 'tres'));
      expect(after).toMatchObject({ ok: false, reason: 'Os builds deste site foram encerrados.' });
      expect(warmDirs()).toHaveLength(0);
    } finally {
      await builds.stop();
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});
