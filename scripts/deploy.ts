// `npm run deploy`: builds every deployable artefact and deploys it — Supabase migrations, the
// worker, and the site with the panel to Cloudflare Pages. `npm run deploy -- --dry-run` does
// everything offline instead: checks the configuration (.env, else .env.example), bundles the
// worker with `wrangler deploy --dry-run`, builds the panel and the site (the site's content read
// from an in-memory db/local with the demo seed), assembles the Pages output with _headers,
// _redirects and the panel's admin/config.json, validates it, and prints what a real deploy would
// run.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalSupabase } from '@guia-fortim/local-supabase';
import { type SiteEnv, TURNSTILE_ORIGIN } from '@guia-fortim/portal/build';
import { applyAuthSettings, authSettingsBody, MANAGEMENT_API } from './deploy/auth-settings.ts';
import { parseEnvFile, readDeployConfig } from './deploy/config.ts';
import { validatePagesOutput } from './deploy/validate.ts';
import { addPanel, panelBuild, panelConfig, ROOT, run, siteBuilder } from './stack/parts.ts';

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
  captchaSecret: config.turnstile.secret,
});
// The names only: the body holds the Turnstile secret.
console.log(`  ${Object.keys(authBody).join(', ')}`);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

step('Worker (wrangler deploy --dry-run)');
const workerVars = {
  SUPABASE_URL: config.supabaseUrl,
  SUPABASE_PUBLISHABLE_KEY: config.publishableKey,
  ALLOWED_ORIGINS: config.siteUrl,
  PUBLIC_IMAGES_URL: config.imagesUrl,
  DEPLOY_HOOK_URL: config.deployHookUrl,
};
const workerArgs = [
  '--no-install',
  'wrangler',
  'deploy',
  ...Object.entries(workerVars).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
];
const worker = await run('npx', [...workerArgs, '--dry-run', '--outdir', join(out, 'worker')], {
  cwd: join(ROOT, 'workers', 'api'),
});
if (!worker.ok) fail(`O bundle do worker falhou:\n${worker.log.slice(-3000)}`);
console.log(`  ${out}/worker`);

const env: SiteEnv = {
  siteUrl: config.siteUrl,
  supabaseUrl: config.supabaseUrl,
  publishableKey: config.publishableKey,
  apiUrl: config.apiUrl,
  imagesUrl: config.imagesUrl,
  turnstile: { siteKey: config.turnstile.siteKey, origin: TURNSTILE_ORIGIN },
};
const pagesDir = join(out, 'pages');

step('Painel administrativo (vite build)');
const admin = await panelBuild();
if (!admin.ok) fail(`O build do painel falhou:\n${admin.log.slice(-3000)}`);
console.log(admin.cached ? '  build em cache (fontes sem mudança)' : '  construído');

step(dryRun ? 'Site público (dados do seed, em memória)' : 'Site público (dados do Supabase)');
const local = dryRun ? await startLocalSupabase({ port: 0, seed: true, quiet: true }) : null;
const site = await siteBuilder(env, {
  ...(local ? { data: { url: local.url, key: local.keys.publishableKey } } : {}),
}).build(pagesDir);
await local?.stop();
if (!site.ok) fail(`O build do site falhou:\n${site.log.slice(-3000)}`);
// The panel reads its production origins at runtime (admin/src/config.ts); `npm start` serves
// builds assembled by the same function.
addPanel(pagesDir, { dir: admin.dir, config: panelConfig(env) });

step('Validação da saída do Cloudflare Pages');
const findings = validatePagesOutput(pagesDir, env);
if (findings.length > 0) fail(`A saída não está pronta:\n  - ${findings.join('\n  - ')}`);
console.log(`  ${pagesDir}: _headers, _redirects, site e painel ok`);

const commands = [
  `npx supabase link --project-ref ${config.projectRef}`,
  'npx supabase db push --workdir db',
  `(cd workers/api && npx wrangler ${workerArgs.slice(2).join(' ')})`,
  `npx wrangler pages deploy ${pagesDir} --project-name ${config.pagesProject}`,
];
const patch = `PATCH ${MANAGEMENT_API}/v1/projects/${config.projectRef}/config/auth`;
if (dryRun) {
  console.log(
    `\n✓ Simulação concluída. Uma publicação real executaria:\n  ${commands.join('\n  ')}\ne depois aplicaria as configurações de autenticação (${patch}).`,
  );
  process.exit(0);
}

step('Publicando (Supabase, worker, Pages)');
for (const command of commands) {
  console.log(`  $ ${command}`);
  const result = await run('bash', ['-c', command], {
    cwd: ROOT,
    onLine: (l) => console.log(`    ${l}`),
  });
  if (!result.ok) fail(`Falhou: ${command}`);
}
// Auth's settings last: once its CAPTCHA is on, a site without the widget signs nobody in, while
// the new site (with it) works with Auth's CAPTCHA still off.
console.log(`  ${patch}`);
await applyAuthSettings({
  projectRef: config.projectRef,
  accessToken: config.accessToken,
  body: authBody,
}).catch((error: Error) => fail(error.message));
console.log('\n✓ Publicado.');

function definedOnly(values: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
