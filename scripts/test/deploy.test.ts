import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_EMAILS, hostedTemplate } from '@guia-fortim/db/auth-emails';
import { describe, expect, it } from 'vitest';
import { adminRewrites } from '../deploy/admin-routes.ts';
import { authSettingsBody } from '../deploy/auth-settings.ts';
import { parseEnvFile, readDeployConfig } from '../deploy/config.ts';

const root = join(import.meta.dirname, '..', '..');
const example = parseEnvFile(readFileSync(join(root, '.env.example'), 'utf8'));

describe('deploy configuration', () => {
  it('accepts the documented .env.example', () => {
    expect(readDeployConfig(example).problems).toEqual([]);
  });

  it('reports every problem at once, in Portuguese', () => {
    const { problems } = readDeployConfig({
      ...example,
      SITE_URL: 'http://guiafortim.com.br',
      API_URL: 'nao é url',
      SUPABASE_PUBLISHABLE_KEY: 'sb_secret_oops',
      BUILDS_API_TOKEN: '',
    });
    expect(problems).toEqual([
      'SITE_URL precisa usar https:// (recebido http://guiafortim.com.br).',
      'API_URL não é um endereço válido: nao é url',
      'SUPABASE_PUBLISHABLE_KEY contém uma chave secreta: ela iria parar no site.',
      'BUILDS_API_TOKEN não foi definida.',
    ]);
  });

  it("needs the project's secret key to store the worker's keys, and refuses the publishable one", () => {
    const problems = (value: string) =>
      readDeployConfig({ ...example, SUPABASE_SECRET_KEY: value }).problems;
    expect(problems('sb_secret_abc')).toEqual([]);
    expect(problems(' ')).toEqual(['SUPABASE_SECRET_KEY não foi definida.']);
    expect(problems('sb_publishable_abc')).toEqual([
      'SUPABASE_SECRET_KEY contém a chave pública (publishable): use a chave secreta do projeto (sb_secret_…).',
    ]);
  });

  it('takes a Workers Builds deploy hook, never a Pages one', () => {
    const hook = (url: string) => readDeployConfig({ ...example, DEPLOY_HOOK_URL: url }).problems;
    expect(
      hook(
        'https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
      ),
    ).toEqual([]);
    for (const wrong of [
      'https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
      'https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/',
      'https://example.com/client/v4/workers/builds/deploy_hooks/6a1b2c3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
    ]) {
      expect(hook(wrong), wrong).toEqual([
        'DEPLOY_HOOK_URL não é um deploy hook do Workers Builds (https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/…): crie-o no Worker do site, em Settings → Builds → Deploy Hooks.',
      ]);
    }
  });

  it('needs an SMTP server of its own for Auth: a port of 2 to 5 digits, a sender address', () => {
    const smtp = (values: Record<string, string>) =>
      readDeployConfig({ ...example, ...values }).problems;
    expect(smtp({ SMTP_PORT: '25' })).toEqual([]);
    expect(smtp({ SMTP_PORT: '65535' })).toEqual([]);
    expect(smtp({ SMTP_PORT: '5' })).toEqual(['SMTP_PORT não é uma porta: 5']);
    expect(smtp({ SMTP_PORT: '465a' })).toEqual(['SMTP_PORT não é uma porta: 465a']);
    expect(smtp({ SMTP_PORT: '123456' })).toEqual(['SMTP_PORT não é uma porta: 123456']);
    expect(smtp({ SMTP_SENDER_EMAIL: 'a@b.co' })).toEqual([]);
    expect(smtp({ SMTP_SENDER_EMAIL: 'guiafortim.com.br' })).toEqual([
      'SMTP_SENDER_EMAIL não é um endereço de e-mail: guiafortim.com.br',
    ]);
    expect(smtp({ SMTP_HOST: '', SMTP_PASS: ' ' })).toEqual([
      'SMTP_HOST não foi definida.',
      'SMTP_PASS não foi definida.',
    ]);
  });

  it("needs both Turnstile keys, and refuses Cloudflare's test keys (they pass everyone)", () => {
    const { config } = readDeployConfig(example);
    expect([config.turnstileSiteKey, config.turnstileSecret]).toEqual([
      example.PUBLIC_TURNSTILE_SITE_KEY,
      example.TURNSTILE_SECRET_KEY,
    ]);
    expect(
      readDeployConfig({ ...example, PUBLIC_TURNSTILE_SITE_KEY: '', TURNSTILE_SECRET_KEY: ' ' })
        .problems,
    ).toEqual([
      'PUBLIC_TURNSTILE_SITE_KEY não foi definida.',
      'TURNSTILE_SECRET_KEY não foi definida.',
    ]);
    expect(
      readDeployConfig({
        ...example,
        PUBLIC_TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
        TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
      }).problems,
    ).toEqual([
      'PUBLIC_TURNSTILE_SITE_KEY é uma chave de teste da Cloudflare: use a do widget do site.',
      'TURNSTILE_SECRET_KEY é uma chave de teste da Cloudflare: use a do widget do site.',
    ]);
  });

  it('parses comments, blanks and quotes like a shell .env', () => {
    expect(parseEnvFile('# c\n\nA=1\nB="dois = 2"\n C = \'3\' \nnot a line\n')).toEqual({
      A: '1',
      B: 'dois = 2',
      C: '3',
    });
  });

  it('applies the Auth settings the product relies on, leaked-password checks on a paid plan only', () => {
    const smtp = {
      host: 'smtp.resend.com',
      port: '465',
      user: 'resend',
      pass: 're_segredo',
      senderEmail: 'nao-responda@guiafortim.com.br',
    };
    const free = authSettingsBody({
      siteUrl: 'https://guiafortim.com.br',
      paidPlan: false,
      captchaSecret: '0x4AAAAAAAsegredo',
      smtp,
    });
    // Supabase's Management API names; the required characters are its "letters and digits".
    expect(free).toEqual({
      mailer_autoconfirm: false,
      password_min_length: 8,
      password_required_characters:
        'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789',
      security_update_password_require_current_password: true,
      jwt_exp: 3600,
      refresh_token_rotation_enabled: true,
      security_refresh_token_reuse_interval: 10,
      site_url: 'https://guiafortim.com.br',
      uri_allow_list: 'https://guiafortim.com.br/**',
      // Supabase Auth's CAPTCHA: Turnstile, with the widget's secret.
      security_captcha_enabled: true,
      security_captcha_provider: 'turnstile',
      security_captcha_secret: '0x4AAAAAAAsegredo',
      // The project's own SMTP server, and the e-mails in Portuguese.
      smtp_host: 'smtp.resend.com',
      smtp_port: '465',
      smtp_user: 'resend',
      smtp_pass: 're_segredo',
      smtp_admin_email: 'nao-responda@guiafortim.com.br',
      smtp_sender_name: 'Guia Fortim',
      rate_limit_email_sent: 100,
      mailer_subjects_confirmation: 'Confirme seu cadastro no Guia Fortim',
      mailer_templates_confirmation_content: hostedTemplate(AUTH_EMAILS.confirmation),
      mailer_subjects_recovery: 'Redefinição de senha do Guia Fortim',
      mailer_templates_recovery_content: hostedTemplate(AUTH_EMAILS.recovery),
    });
    const pro = authSettingsBody({
      siteUrl: 'https://guiafortim.com.br',
      paidPlan: true,
      captchaSecret: '0x4AAAAAAAsegredo',
      smtp,
    });
    expect(pro).toEqual({ ...free, password_hibp_enabled: true });
    expect(readDeployConfig({ ...example, SUPABASE_PLAN: 'Pro' }).config.paidPlan).toBe(true);
    expect(readDeployConfig(example).config.paidPlan).toBe(false);
  });

  it("rewrites only the panel's sections, never its assets", () => {
    const rules = adminRewrites();
    expect(rules).toContain('/admin/hospedagens/* /admin/ 200');
    expect(rules).not.toMatch(/^\/admin\/\* /m);
  });
});

describe('npm run deploy -- --dry-run', () => {
  it('refuses a broken configuration before building anything', () => {
    const run = spawnSync(process.execPath, ['scripts/deploy.ts', '--dry-run'], {
      cwd: root,
      env: { ...process.env, SITE_URL: 'http://inseguro.example' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SITE_URL precisa usar https://');
  });

  it('checks every artefact offline: the API worker, the site build command, the site Worker', {
    timeout: 300_000,
  }, () => {
    const secret = '0x4AAAAAAAsegredo-que-nunca-aparece';
    const buildsToken = 'token-de-leitura-que-nunca-aparece';
    const run = spawnSync(process.execPath, ['scripts/deploy.ts', '--dry-run'], {
      cwd: root,
      env: { ...process.env, TURNSTILE_SECRET_KEY: secret, BUILDS_API_TOKEN: buildsToken },
      encoding: 'utf8',
    });
    const output = run.stderr + run.stdout;
    expect(output).toContain('Simulação concluída');
    expect(run.status).toBe(0);
    // The Auth settings it would apply, named; the Turnstile secret among them, never printed.
    expect(output).toContain(
      'security_captcha_enabled, security_captcha_provider, security_captcha_secret',
    );
    // The API worker's secrets by name, its custom domain; no secret printed, none left on disk.
    expect(output).toContain(
      'segredos: DEPLOY_HOOK_URL, BUILDS_API_TOKEN, STATS_INGEST_KEY, IMAGE_SWEEP_KEY, REVIEW_KEY',
    );
    // The worker's keys go to the database with the project's secret key, before the worker.
    expect(output).toContain(
      'chaves do worker (set_stats_ingest_key, set_image_sweep_key, set_review_key)',
    );
    expect(output).toContain('--domain api.guiafortim.com.br');
    expect(output).toContain('--secrets-file');
    for (const hidden of [
      secret,
      buildsToken,
      example.DEPLOY_HOOK_URL ?? '',
      example.SUPABASE_SECRET_KEY ?? '',
    ]) {
      expect(output).not.toContain(hidden);
    }
    const out = join(root, '.data', 'deploy');
    const { config } = readDeployConfig(example);
    expect(existsSync(join(out, 'api-secrets.json'))).toBe(false);
    // The Supabase CLI finds the project in one place for both commands.
    expect(output).toContain('supabase link --project-ref your-project-ref --workdir db');
    expect(output).toContain('supabase db push --workdir db');
    // The site Worker the build command made, deployed before the API worker, whose service
    // binding names it.
    const siteDeploy = output.indexOf(
      'wrangler deploy -c .data/deploy/site/_worker/wrangler.json --domain guiafortim.com.br',
    );
    expect(siteDeploy).toBeGreaterThan(0);
    expect(siteDeploy).toBeLessThan(
      output.indexOf('(cd workers/api && npx --no-install wrangler deploy'),
    );
    expect(existsSync(join(out, 'worker', 'index.js'))).toBe(true);
    const site = join(out, 'site');
    // It reads the configured project, as the static build does, and is no asset itself.
    const workerConfig = JSON.parse(readFileSync(join(site, '_worker', 'wrangler.json'), 'utf8'));
    expect(workerConfig).toMatchObject({
      name: 'guia-fortim-site',
      assets: { directory: '..' },
      vars: {
        SUPABASE_URL: config.supabaseUrl,
        SUPABASE_PUBLISHABLE_KEY: config.publishableKey,
      },
    });
    expect(readFileSync(join(site, '.assetsignore'), 'utf8').split('\n')).toContain('_worker');
    expect(existsSync(join(site, 'admin', 'index.html'))).toBe(true);
    // One panel build for every environment: the production origins come from config.json.
    expect(JSON.parse(readFileSync(join(site, 'admin', 'config.json'), 'utf8'))).toEqual({
      supabaseUrl: config.supabaseUrl,
      publishableKey: config.publishableKey,
      apiUrl: config.apiUrl,
    });
    const panel = readFileSync(join(site, 'admin', 'index.html'), 'utf8');
    expect(panel).toContain('<link rel="preload" href="/admin/config.json"');
    const headers = readFileSync(join(site, '_headers'), 'utf8');
    expect(headers).toContain('https://your-project-ref.supabase.co');
    expect(headers).toContain('Strict-Transport-Security');
    // The account forms render the widget of the configured sitekey, from Turnstile's origin.
    expect(headers).toContain('frame-src https://challenges.cloudflare.com');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).not.toContain('turnstile');
    const scripts = readdirSync(join(site, '_astro'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(site, '_astro', name), 'utf8'));
    expect(scripts.some((text) => text.includes(config.turnstileSiteKey))).toBe(true);
  });

  it("the site's build command refuses to build without its configuration, saying why in its last line", () => {
    const run = spawnSync(process.execPath, ['scripts/build-site.ts'], {
      cwd: root,
      env: { ...process.env, SUPABASE_URL: '', SITE_URL: 'http://inseguro.example' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const last = run.stdout.trim().split('\n').at(-1);
    expect(last).toMatch(/^✗ O build do site falhou: configuração incompleta: /);
    expect(last).toContain('SUPABASE_URL não foi definida.');
    expect(last).toContain('SITE_URL precisa usar https://');
  });
});
