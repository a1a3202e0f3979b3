// `npm run deploy`: sets up production — the Supabase migrations, Supabase Auth's settings, the
// API worker (its variables, its secrets, its custom domain) — and asks Workers Builds for a build
// of the site Worker, which from then on builds itself on every push and every save in the panel
// (README, "Deploying to production"). `npm run deploy -- --dry-run` checks everything offline
// instead: the configuration (.env, else .env.example), the migrations' names, the API worker's
// bundle (`wrangler deploy --dry-run`), the site's build command on the demo content and the site
// Worker's assets (`wrangler deploy --dry-run`), then prints what a real deploy would run. No
// secret is ever printed or put on a command line: wrangler reads them from a file only this user
// reads, the Supabase CLI and wrangler their tokens from their environment.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  newReviewKey,
  newStatsIngestKey,
  setReviewKey,
  setStatsIngestKey,
} from '@guia-fortim/db/stats-key';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import { applyAuthSettings, authSettingsBody, MANAGEMENT_API } from './deploy/auth-settings.ts';
import { parseEnvFile, readDeployConfig } from './deploy/config.ts';
import { buildSiteOutput, SITE_OUTPUT, siteWorkerConfig } from './deploy/site-output.ts';
import { ROOT } from './stack/root.ts';
import { run } from './stack/run.ts';

const dryRun = process.argv.includes('--dry-run');
const out = join(ROOT, '.data', 'deploy');
const step = (text: string) => console.log(`\n▸ ${text}`);
const fail = (text: string): never => {
  console.error(`\n✗ ${text}`);
  process.exit(1);
};

const envFile = existsSync(join(ROOT, '.env')) ? '.env' : dryRun ? '.env.example' : null;
if (!envFile) fail('Crie o arquivo .env a partir de .env.example antes de publicar.');
step(`Configuração (${envFile})`);
const fileValues = parseEnvFile(readFileSync(join(ROOT, envFile as string), 'utf8'));
const { config, problems } = readDeployConfig({ ...fileValues, ...definedOnly(process.env) });
if (problems.length > 0) fail(`Configuração incompleta:\n  - ${problems.join('\n  - ')}`);
console.log('  ok');

step('Migrações do banco (db/supabase)');
const migrations = readdirSync(join(ROOT, 'db', 'supabase', 'migrations'));
const badNames = migrations.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name));
if (badNames.length > 0) fail(`Nomes de migração fora do padrão do Supabase CLI: ${badNames}`);
if (!existsSync(join(ROOT, 'db', 'supabase', 'config.toml')))
  fail('db/supabase/config.toml não existe.');
console.log(`  ${migrations.length} migrações`);

step('Configurações de autenticação do Supabase (API de gerenciamento)');
const authBody = authSettingsBody({
  siteUrl: config.siteUrl,
  paidPlan: config.paidPlan,
  captchaSecret: config.turnstileSecret,
  smtp: config.smtp,
});
// The names only: the body holds the Turnstile and SMTP secrets.
console.log(`  ${Object.keys(authBody).join(', ')}`);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

step('API (worker): variáveis, segredos e domínio');
const apiVars = {
  SUPABASE_URL: config.supabaseUrl,
  SUPABASE_PUBLISHABLE_KEY: config.publishableKey,
  ALLOWED_ORIGINS: config.siteUrl,
  PUBLIC_IMAGES_URL: config.imagesUrl,
  CLOUDFLARE_ACCOUNT_ID: config.accountId,
};
// The worker's own keys, new on every deploy: the database keeps their hashes (stored with the
// project's secret key just before the worker is deployed), the worker gets them as secrets. Each
// allows one thing: adding the listing statistics (STATS_INGEST_KEY), asking which photos nothing
// references (IMAGE_SWEEP_KEY, the photo sweep's Cron Trigger), taking a visitor's review or
// report (REVIEW_KEY, so none skips the per-address limit).
const workerKeys = {
  STATS_INGEST_KEY: newStatsIngestKey(),
  IMAGE_SWEEP_KEY: newImageSweepKey(),
  REVIEW_KEY: newReviewKey(),
};
const apiSecrets = {
  DEPLOY_HOOK_URL: config.deployHookUrl,
  BUILDS_API_TOKEN: config.buildsToken,
  ...(config.jwtSecret ? { SUPABASE_JWT_SECRET: config.jwtSecret } : {}),
  ...workerKeys,
};
// Uploaded with the version (`--secrets-file`): never on a command line, never printed.
const secretsFile = join(out, 'api-secrets.json');
writeFileSync(secretsFile, JSON.stringify(apiSecrets), { mode: 0o600 });
const apiDeploy = [
  '--no-install',
  'wrangler',
  'deploy',
  ...Object.entries(apiVars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  '--domain',
  new URL(config.apiUrl).host,
];
const wranglerEnv = {
  CLOUDFLARE_API_TOKEN: config.cloudflareToken,
  CLOUDFLARE_ACCOUNT_ID: config.accountId,
  WRANGLER_SEND_METRICS: 'false',
};
const apiBundle = await run('npx', [...apiDeploy, '--dry-run', '--outdir', join(out, 'worker')], {
  cwd: join(ROOT, 'workers', 'api'),
  env: wranglerEnv,
});
if (!apiBundle.ok) fail(`O bundle do worker falhou:\n${apiBundle.log.slice(-3000)}`);
console.log(`  variáveis: ${Object.keys(apiVars).join(', ')}`);
console.log(`  segredos: ${Object.keys(apiSecrets).join(', ')}`);
console.log(`  domínio: ${new URL(config.apiUrl).host}`);

const supabaseEnv = {
  SUPABASE_ACCESS_TOKEN: config.accessToken,
  SUPABASE_DB_PASSWORD: config.dbPassword,
};
type Step = { label: string; command: string; args: string[]; cwd: string; env: object };
/** Runs one step of a real deploy, its output indented; the deploy stops at the first failure. */
async function runStep(c: Step): Promise<void> {
  console.log(`  ${c.label}\n  $ ${shown(c)}`);
  const result = await run(c.command, c.args, {
    cwd: c.cwd,
    env: c.env as Record<string, string>,
    onLine: (l) => console.log(`    ${l}`),
  });
  if (!result.ok) fail(`Falhou: ${c.label}`);
}
const shown = (c: Step) =>
  `${c.cwd === ROOT ? '' : `(cd ${c.cwd.slice(ROOT.length + 1)} && `}${c.command} ${c.args.join(' ')}${c.cwd === ROOT ? '' : ')'}`;
// The migrations reach the database before the site is built from it: the build reads what they
// create (the data version, every table the pages show), so on an empty project, or with a
// migration the new pages need, a build first would fail. Migrations only add what the running
// site and worker do not yet use, so they go first.
const database: Step[] = [
  {
    label: 'Supabase: vincular o projeto',
    command: 'npx',
    args: ['--yes', 'supabase', 'link', '--project-ref', config.projectRef, '--workdir', 'db'],
    cwd: ROOT,
    env: supabaseEnv,
  },
  {
    label: 'Supabase: aplicar as migrações',
    command: 'npx',
    args: ['--yes', 'supabase', 'db', 'push', '--workdir', 'db'],
    cwd: ROOT,
    env: supabaseEnv,
  },
];
if (!dryRun) {
  step('Migrações no Supabase');
  for (const c of database) await runStep(c);
}

step(
  dryRun
    ? 'Site (npm run build:site, com o conteúdo de demonstração)'
    : 'Site (npm run build:site, com os dados do Supabase)',
);
const reason = await buildSiteOutput(SITE_OUTPUT, config, {
  demo: dryRun,
  log: (line) => console.log(`  ${line}`),
});
if (reason) fail(`O build do site falhou: ${reason}`);
const siteDeploy = [
  '--no-install',
  'wrangler',
  'deploy',
  '-c',
  relative(ROOT, siteWorkerConfig(SITE_OUTPUT)),
  '--domain',
  new URL(config.siteUrl).host,
];
const siteCheck = await run('npx', [...siteDeploy, '--dry-run'], { cwd: ROOT, env: wranglerEnv });
if (!siteCheck.ok) fail(`O Worker do site não está pronto:\n${siteCheck.log.slice(-3000)}`);
console.log(`  ${SITE_OUTPUT}: _headers, _redirects, site e painel ok`);

const commands: Step[] = [
  // The site Worker first: the API worker's service binding (SITE_PAGES) must name a Worker
  // that exists ("could not resolve binding … script not found" otherwise).
  {
    label: 'Site: a mesma publicação que o Workers Builds faz',
    command: 'npx',
    args: siteDeploy,
    cwd: ROOT,
    env: wranglerEnv,
  },
  {
    label: 'API (worker)',
    command: 'npx',
    args: [...apiDeploy, '--secrets-file', secretsFile],
    cwd: join(ROOT, 'workers', 'api'),
    env: wranglerEnv,
  },
];
const patch = `PATCH ${MANAGEMENT_API}/v1/projects/${config.projectRef}/config/auth`;
const keysShown = 'set_stats_ingest_key, set_image_sweep_key, set_review_key';
/** The worker's keys into the database (their hashes), then the worker that holds them. */
async function storeWorkerKeys(): Promise<void> {
  console.log(`  Chaves do worker no banco (${keysShown})`);
  await setStatsIngestKey(config.supabaseUrl, config.secretKey, workerKeys.STATS_INGEST_KEY);
  await setImageSweepKey(config.supabaseUrl, config.secretKey, workerKeys.IMAGE_SWEEP_KEY);
  await setReviewKey(config.supabaseUrl, config.secretKey, workerKeys.REVIEW_KEY);
}
if (dryRun) {
  rmSync(secretsFile, { force: true });
  console.log(
    `\n✓ Simulação concluída. Uma publicação real executaria:\n  ${[...database, ...commands].map(shown).join('\n  ')}\nguardaria no banco, antes da API, as chaves do worker (${keysShown}), e depois aplicaria as configurações de autenticação (${patch}).`,
  );
  process.exit(0);
}

step('Publicando (site, API)');
try {
  for (const c of commands) {
    // Right before the worker that holds them: until it replaces the running one, that one's keys
    // are refused, and that costs nothing (a refused flush keeps its counts for the next, a
    // refused sweep run moves no photo).
    if (c.label === 'API (worker)')
      await storeWorkerKeys().catch((error: Error) => fail(error.message));
    await runStep(c);
  }
} finally {
  rmSync(secretsFile, { force: true });
}
// Auth's settings last: once its CAPTCHA is on, a site without the widget signs nobody in, while
// the new site (with it) works with Auth's CAPTCHA still off.
console.log(`  ${patch}`);
await applyAuthSettings({
  projectRef: config.projectRef,
  accessToken: config.accessToken,
  body: authBody,
}).catch((error: Error) => fail(error.message));
console.log(
  '\n✓ Publicado. Daqui em diante o Workers Builds constrói o site a cada push e a cada alteração salva no painel.',
);

function definedOnly(values: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
