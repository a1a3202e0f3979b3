// The environment a site build reads, for the suites that build from their own db/local: the
// stack's addresses (none is contacted while building) and that database.
import type { LocalSupabase } from '@guia-fortim/local-supabase';
import { buildEnv } from '../../scripts/build.ts';

export function localSiteEnv(supabase: LocalSupabase): Record<string, string> {
  return buildEnv({
    siteUrl: 'http://127.0.0.1:4321',
    supabaseUrl: supabase.url,
    publishableKey: supabase.keys.publishableKey,
    apiUrl: 'http://127.0.0.1:8787',
    imagesUrl: 'http://127.0.0.1:8787/images',
  });
}
