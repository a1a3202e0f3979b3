// The one supabase-js client of the browser, created on first use. Only account features import
// this module, so anonymous visitors of the public pages never download supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { authConfig } from './config.ts';

let client: SupabaseClient | undefined;

export function getSupabase(): SupabaseClient {
  if (!client) {
    const { supabaseUrl, publishableKey } = authConfig();
    client = createClient(supabaseUrl, publishableKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        // E-mailed links return a code only this browser can exchange (url-session.ts).
        flowType: 'pkce',
      },
    });
  }
  return client;
}
