import { createClient } from '@supabase/supabase-js';
import { panelConfig } from './config.ts';

// The default storage key, like the public site's client: the session from /auth/login carries over.
const { supabaseUrl, publishableKey } = panelConfig();
export const supabase = createClient(supabaseUrl, publishableKey);

export async function accessToken(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}
