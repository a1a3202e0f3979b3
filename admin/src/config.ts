// Build-time configuration (Vite env). vite.config.ts fills the local stack's values from
// .data/stack.json when the variables are not set.
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321';
export const SUPABASE_PUBLISHABLE_KEY: string = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY ?? '';
/** The worker's origin; empty means the same origin as the panel. */
export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
/** The public site: the panel is served under its /admin/. */
export const LOGIN_PATH = '/auth/login';
