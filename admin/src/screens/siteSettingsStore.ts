import { supabase } from '../supabase.ts';

/** Every site setting as key → value (read through PostgREST). */
export async function readSiteSettings(): Promise<Record<string, string>> {
  const { data, error } = await supabase.from('site_settings').select('setting_key, setting_value');
  if (error) throw error;
  return Object.fromEntries(
    (data ?? []).map((row) => [String(row.setting_key), String(row.setting_value ?? '')]),
  );
}
