// The one supabase-js client of the browser, created on first use. Only account features import
// this module, so anonymous visitors of the public pages never download supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SESSION_CHANGED_EVENT } from '../session.ts';
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
    // supabase-js has stored the session by the time it tells its listeners.
    client.auth.onAuthStateChange(() => dispatchEvent(new Event(SESSION_CHANGED_EVENT)));
  }
  return client;
}
