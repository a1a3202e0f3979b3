// A failed build says why in one line — what the admin's publish indicator shows — while its log
// (with this machine's paths and the stack) stays with whoever runs the build.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildEnv, buildSite } from '../scripts/build.ts';

it('a build that cannot read Supabase fails with a one-line reason, without local paths', async () => {
  const outDir = await mkdtemp(join(tmpdir(), 'portal-falha-'));
  try {
    const result = await buildSite(outDir, {
      ...buildEnv({
        siteUrl: 'http://127.0.0.1:4321',
        // Port 9 (discard): nothing answers there.
        supabaseUrl: 'http://127.0.0.1:9',
        publishableKey: 'sb_publishable_teste',
        apiUrl: 'http://127.0.0.1:8787',
        imagesUrl: 'http://127.0.0.1:8787/images',
      }),
    });
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/^Não foi possível ler \w+ em http:\/\/127\.0\.0\.1:9/);
    expect(result.reason).not.toContain('\n');
    expect(result.reason).not.toContain(join(import.meta.dirname, '..'));
    expect(result.log).toContain('at ');
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}, 120_000);
