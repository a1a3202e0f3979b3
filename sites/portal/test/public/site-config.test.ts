import { describe, expect, it } from 'vitest';
import { supabaseConfig } from '../../src/lib/supabase-config.ts';

describe('supabaseConfig', () => {
  it('reads SUPABASE_URL and SUPABASE_PUBLISHABLE_KEY, trimmed, without a trailing slash', () => {
    expect(
      supabaseConfig({
        SUPABASE_URL: 'https://abc.supabase.co/',
        SUPABASE_PUBLISHABLE_KEY: ' sb_publishable_1 ',
      }),
    ).toEqual({ url: 'https://abc.supabase.co', key: 'sb_publishable_1' });
  });

  it('explains in Portuguese what is missing', () => {
    expect(() => supabaseConfig({ SUPABASE_URL: 'http://x' })).toThrow(
      'Defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY juntas (falta uma delas).',
    );
    expect(() => supabaseConfig({ SUPABASE_PUBLISHABLE_KEY: 'k' })).toThrow(
      'Defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY juntas (falta uma delas).',
    );
    expect(() => supabaseConfig({})).toThrow(/^Sem dados para o site: defina SUPABASE_URL/);
  });
});
