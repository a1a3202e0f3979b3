// The production configuration read from .env (or the environment), checked before anything is
// built or deployed. Every problem is reported at once, in Portuguese.

export type DeployConfig = {
  supabaseUrl: string;
  publishableKey: string;
  projectRef: string;
  /** A personal access token: the Supabase CLI and the Management API (Auth settings). */
  accessToken: string;
  /** The project is on a paid plan (leaked-password protection is available). */
  paidPlan: boolean;
  siteUrl: string;
  apiUrl: string;
  imagesUrl: string;
  pagesProject: string;
  deployHookUrl: string;
  jwtSecret: string;
  /**
   * Cloudflare Turnstile, Supabase Auth's CAPTCHA: the widget's sitekey (public, built into the
   * site) and its secret (for Auth only).
   */
  turnstile: { siteKey: string; secret: string };
};

/** Parses KEY=value lines; `#` comments and blank lines are skipped, quotes stripped. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    values[line.slice(0, eq).trim()] = line
      .slice(eq + 1)
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

function httpsUrl(value: string | undefined, name: string, problems: string[]): string {
  if (!value) {
    problems.push(`${name} não foi definida.`);
    return '';
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:')
      problems.push(`${name} precisa usar https:// (recebido ${value}).`);
    return value.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} não é um endereço válido: ${value}`);
    return '';
  }
}

/** Cloudflare's test keys pass (or fail) everyone: a site using them has no CAPTCHA at all. */
const TURNSTILE_TEST_KEY = /^[123]x0{20,}(AA|AB|BB|FF)$/;

export function readDeployConfig(env: Record<string, string | undefined>): {
  config: DeployConfig;
  problems: string[];
} {
  const problems: string[] = [];
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} não foi definida.`);
    return value ?? '';
  };
  const config: DeployConfig = {
    supabaseUrl: httpsUrl(env.SUPABASE_URL, 'SUPABASE_URL', problems),
    publishableKey: required('SUPABASE_PUBLISHABLE_KEY'),
    projectRef: required('SUPABASE_PROJECT_REF'),
    accessToken: required('SUPABASE_ACCESS_TOKEN'),
    paidPlan: ['pro', 'team', 'enterprise'].includes(env.SUPABASE_PLAN?.trim().toLowerCase() ?? ''),
    siteUrl: httpsUrl(env.SITE_URL, 'SITE_URL', problems),
    apiUrl: httpsUrl(env.API_URL, 'API_URL', problems),
    imagesUrl: httpsUrl(env.IMAGES_URL, 'IMAGES_URL', problems),
    pagesProject: required('CLOUDFLARE_PAGES_PROJECT'),
    deployHookUrl: httpsUrl(env.DEPLOY_HOOK_URL, 'DEPLOY_HOOK_URL', problems),
    jwtSecret: env.SUPABASE_JWT_SECRET?.trim() ?? '',
    turnstile: {
      siteKey: required('PUBLIC_TURNSTILE_SITE_KEY'),
      secret: required('TURNSTILE_SECRET_KEY'),
    },
  };
  if (config.publishableKey.startsWith('sb_secret_')) {
    problems.push('SUPABASE_PUBLISHABLE_KEY contém uma chave secreta: ela iria parar no site.');
  }
  for (const [name, key] of [
    ['PUBLIC_TURNSTILE_SITE_KEY', config.turnstile.siteKey],
    ['TURNSTILE_SECRET_KEY', config.turnstile.secret],
  ] as const) {
    if (TURNSTILE_TEST_KEY.test(key)) {
      problems.push(`${name} é uma chave de teste da Cloudflare: use a do widget do site.`);
    }
  }
  return { config, problems };
}
