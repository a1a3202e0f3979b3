// The production configuration read from .env (or the environment), checked before anything is
// built or deployed. Every problem is reported at once, in Portuguese.

/** What the site's build needs (`npm run build:site`, in Workers Builds): all of it public. */
export type SiteConfig = {
  supabaseUrl: string;
  publishableKey: string;
  siteUrl: string;
  apiUrl: string;
  imagesUrl: string;
  /** Cloudflare Turnstile's sitekey for the account forms (Supabase Auth's CAPTCHA). */
  turnstileSiteKey: string;
};

/** Everything `npm run deploy` sets up: the site's configuration and the secrets beside it. */
export type DeployConfig = SiteConfig & {
  projectRef: string;
  /** A personal access token: the Supabase CLI and the Management API (Auth settings). */
  accessToken: string;
  dbPassword: string;
  /**
   * The project's secret key (service role): only to store the worker's keys in the database
   * (set_stats_ingest_key, set_image_sweep_key). Never given to the worker or the site.
   */
  secretKey: string;
  /** The project is on a paid plan (leaked-password protection is available). */
  paidPlan: boolean;
  /** The Cloudflare account and a token that may deploy Workers in it (wrangler). */
  accountId: string;
  cloudflareToken: string;
  /** The site Worker's Workers Builds deploy hook (a secret of the API worker). */
  deployHookUrl: string;
  /** A token that may read Workers Builds (Workers CI Read), for the API worker. */
  buildsToken: string;
  jwtSecret: string;
  /** Turnstile's secret key, for Supabase Auth only. */
  turnstileSecret: string;
  /** The SMTP server Auth sends its e-mails through (Supabase's own sends only to its team). */
  smtp: { host: string; port: string; user: string; pass: string; senderEmail: string };
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

/** A Workers Builds deploy hook, as the dashboard gives it (Settings → Builds → Deploy Hooks). */
const WORKERS_BUILDS_HOOK =
  /^https:\/\/api\.cloudflare\.com\/client\/v4\/workers\/builds\/deploy_hooks\/[0-9a-f-]{36}$/;

function reader(env: Record<string, string | undefined>, problems: string[]) {
  return (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} não foi definida.`);
    return value ?? '';
  };
}

export function readSiteConfig(
  env: Record<string, string | undefined>,
  problems: string[] = [],
): { config: SiteConfig; problems: string[] } {
  const required = reader(env, problems);
  const config: SiteConfig = {
    supabaseUrl: httpsUrl(env.SUPABASE_URL, 'SUPABASE_URL', problems),
    publishableKey: required('SUPABASE_PUBLISHABLE_KEY'),
    siteUrl: httpsUrl(env.SITE_URL, 'SITE_URL', problems),
    apiUrl: httpsUrl(env.API_URL, 'API_URL', problems),
    imagesUrl: httpsUrl(env.IMAGES_URL, 'IMAGES_URL', problems),
    turnstileSiteKey: required('PUBLIC_TURNSTILE_SITE_KEY'),
  };
  if (config.publishableKey.startsWith('sb_secret_')) {
    problems.push('SUPABASE_PUBLISHABLE_KEY contém uma chave secreta: ela iria parar no site.');
  }
  if (TURNSTILE_TEST_KEY.test(config.turnstileSiteKey)) {
    problems.push(
      'PUBLIC_TURNSTILE_SITE_KEY é uma chave de teste da Cloudflare: use a do widget do site.',
    );
  }
  return { config, problems };
}

export function readDeployConfig(env: Record<string, string | undefined>): {
  config: DeployConfig;
  problems: string[];
} {
  const problems: string[] = [];
  const site = readSiteConfig(env, problems).config;
  const required = reader(env, problems);
  const config: DeployConfig = {
    ...site,
    projectRef: required('SUPABASE_PROJECT_REF'),
    accessToken: required('SUPABASE_ACCESS_TOKEN'),
    dbPassword: required('SUPABASE_DB_PASSWORD'),
    secretKey: required('SUPABASE_SECRET_KEY'),
    paidPlan: ['pro', 'team', 'enterprise'].includes(env.SUPABASE_PLAN?.trim().toLowerCase() ?? ''),
    accountId: required('CLOUDFLARE_ACCOUNT_ID'),
    cloudflareToken: required('CLOUDFLARE_API_TOKEN'),
    deployHookUrl: httpsUrl(env.DEPLOY_HOOK_URL, 'DEPLOY_HOOK_URL', problems),
    buildsToken: required('BUILDS_API_TOKEN'),
    jwtSecret: env.SUPABASE_JWT_SECRET?.trim() ?? '',
    turnstileSecret: required('TURNSTILE_SECRET_KEY'),
    smtp: {
      host: required('SMTP_HOST'),
      port: required('SMTP_PORT'),
      user: required('SMTP_USER'),
      pass: required('SMTP_PASS'),
      senderEmail: required('SMTP_SENDER_EMAIL'),
    },
  };
  if (config.secretKey.startsWith('sb_publishable_')) {
    problems.push(
      'SUPABASE_SECRET_KEY contém a chave pública (publishable): use a chave secreta do projeto (sb_secret_…).',
    );
  }
  if (config.smtp.port && !/^\d{2,5}$/.test(config.smtp.port)) {
    problems.push(`SMTP_PORT não é uma porta: ${config.smtp.port}`);
  }
  if (config.smtp.senderEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.smtp.senderEmail)) {
    problems.push(`SMTP_SENDER_EMAIL não é um endereço de e-mail: ${config.smtp.senderEmail}`);
  }
  if (config.deployHookUrl && !WORKERS_BUILDS_HOOK.test(config.deployHookUrl)) {
    problems.push(
      'DEPLOY_HOOK_URL não é um deploy hook do Workers Builds (https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/…): crie-o no Worker do site, em Settings → Builds → Deploy Hooks.',
    );
  }
  if (TURNSTILE_TEST_KEY.test(config.turnstileSecret)) {
    problems.push(
      'TURNSTILE_SECRET_KEY é uma chave de teste da Cloudflare: use a do widget do site.',
    );
  }
  return { config, problems };
}
