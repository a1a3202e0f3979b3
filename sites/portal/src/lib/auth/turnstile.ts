// Cloudflare Turnstile, the CAPTCHA Supabase Auth asks for on sign-up, password sign-in and
// recovery. Only the account forms that send those requests load it, when they mount (explicit
// rendering), so the public pages still request no script before they paint. Built without a
// site key, the site runs without it (and so must Auth: CAPTCHA off).
import { TURNSTILE_ORIGIN } from './turnstile-pages.ts';

export type TurnstileConfig = { siteKey: string; origin: string };

/** The widget's settings, fixed at build time; null when the site is built without CAPTCHA. */
export function turnstileConfig(): TurnstileConfig | null {
  const siteKey = import.meta.env.PUBLIC_TURNSTILE_SITE_KEY as string | undefined;
  if (!siteKey) return null;
  // The local stack serves a stand-in for Turnstile on a port of its own.
  const origin =
    (import.meta.env.PUBLIC_TURNSTILE_ORIGIN as string | undefined) || TURNSTILE_ORIGIN;
  return { siteKey, origin: origin.replace(/\/+$/, '') };
}

/** The render options the forms use (Turnstile's client-side configuration). */
export type TurnstileOptions = {
  sitekey: string;
  language: string;
  appearance: 'always' | 'execute' | 'interaction-only';
  size: 'normal' | 'flexible' | 'compact';
  theme: 'auto' | 'light' | 'dark';
  callback: (token: string) => void;
  /** A truthy return tells Turnstile the error was handled. */
  'error-callback': (code: string) => boolean;
  'expired-callback': () => void;
  'before-interactive-callback': () => void;
};

/** The part of `window.turnstile` the forms use. */
export type Turnstile = {
  render(container: HTMLElement, options: TurnstileOptions): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

let loading: Promise<Turnstile> | undefined;

/** Turnstile's api.js for explicit rendering, loaded once per page. */
export function loadTurnstile(origin: string): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${origin}/turnstile/v0/api.js?render=explicit`;
    script.async = true;
    script.addEventListener('load', () => {
      const turnstile = (window as { turnstile?: Turnstile }).turnstile;
      if (turnstile) resolve(turnstile);
      else reject(new Error('api.js do Turnstile carregou sem definir window.turnstile.'));
    });
    script.addEventListener('error', () => {
      loading = undefined;
      script.remove();
      reject(new Error(`Não foi possível carregar ${script.src}.`));
    });
    document.head.append(script);
  });
  return loading;
}
