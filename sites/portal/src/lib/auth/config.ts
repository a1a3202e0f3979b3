// Where the browser finds Supabase and the API: public values, fixed at build time.
export type AuthConfig = { supabaseUrl: string; publishableKey: string; apiUrl: string };

export function authConfig(): AuthConfig {
  const supabaseUrl = import.meta.env.PUBLIC_SUPABASE_URL as string | undefined;
  const publishableKey = import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY as string | undefined;
  const apiUrl = (import.meta.env.PUBLIC_API_URL as string | undefined) ?? '';
  if (!supabaseUrl || !publishableKey) {
    throw new Error(
      'PUBLIC_SUPABASE_URL e PUBLIC_SUPABASE_PUBLISHABLE_KEY precisam estar definidas no build.',
    );
  }
  return { supabaseUrl, publishableKey, apiUrl: apiUrl.replace(/\/+$/, '') };
}
