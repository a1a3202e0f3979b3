import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseConfig } from '../../src/lib/supabase-config.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function stackFile(content: string): Promise<URL> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, content);
  return pathToFileURL(file);
}

describe('supabaseConfig', () => {
  it('prefers SUPABASE_URL and SUPABASE_PUBLISHABLE_KEY', async () => {
    const file = await stackFile('{"supabaseUrl":"http://outro","publishableKey":"x"}');
    expect(
      supabaseConfig(
        {
          SUPABASE_URL: 'https://abc.supabase.co/',
          SUPABASE_PUBLISHABLE_KEY: ' sb_publishable_1 ',
        },
        file,
      ),
    ).toEqual({ url: 'https://abc.supabase.co', key: 'sb_publishable_1' });
  });

  it('falls back to the local stack file', async () => {
    const file = await stackFile(
      '{"supabaseUrl":"http://127.0.0.1:54321","publishableKey":"sb_publishable_local"}',
    );
    expect(supabaseConfig({}, file)).toEqual({
      url: 'http://127.0.0.1:54321',
      key: 'sb_publishable_local',
    });
  });

  it('explains in Portuguese what is missing', async () => {
    expect(() => supabaseConfig({ SUPABASE_URL: 'http://x' }, new URL('file:///nada'))).toThrow(
      'Defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY juntas (falta uma delas).',
    );
    expect(() => supabaseConfig({}, pathToFileURL(join(dir, 'ausente.json')))).toThrow(
      /Sem dados para o site: defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY/,
    );
    await expect(async () => supabaseConfig({}, await stackFile('{quebrado'))).rejects.toThrow(
      /não é um JSON válido/,
    );
    await expect(async () =>
      supabaseConfig({}, await stackFile('{"supabaseUrl":1}')),
    ).rejects.toThrow(/não tem supabaseUrl e publishableKey/);
  });
});
