// The Content Security Policy every page is served with: no inline script runs unless the build
// hashed it, and with that no page, island or panel screen breaks a directive.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { hydrated, listingRows, open } from './public-helpers.ts';

/** Records every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sample} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []);
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

// Each page is its own test: eleven pages, each waiting for the network to settle, outgrew one
// test's budget on a loaded CI machine.
const PUBLIC_PAGES: { path: string | (() => Promise<string>); status?: number }[] = [
  { path: '/' },
  { path: '/hospedagem' },
  { path: '/comercio' },
  { path: '/passeios' },
  { path: '/mapa' },
  { path: async () => `/hospedagem/${(await listingRows('hospedagens'))[0]?.slug}` },
  // The search compiles Pagefind's WebAssembly under the policy.
  { path: '/busca?q=jaguaribe' },
  { path: '/offline' },
  { path: '/auth/login' },
  { path: '/auth/registro' },
  { path: '/pagina-que-nao-existe', status: 404 },
];

for (const { path, status = 200 } of PUBLIC_PAGES) {
  const name = typeof path === 'string' ? path : 'a listing page';
  test(`public page ${name}: scripts by hash only, nothing is blocked`, async ({
    page,
    problems,
  }) => {
    if (status === 404) problems.expect(/pagina-que-nao-existe|status of 404/);
    const violations = await watchViolations(page);
    const url = typeof path === 'string' ? path : await path();
    const response = await open(page, url, status);
    const policy = (await response.headerValue('content-security-policy')) ?? '';
    const scripts = directive(policy, 'script-src');
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('public pages: a hashed island runs, an injected inline script is refused', async ({
  page,
  problems,
}) => {
  // The injected script's refusal.
  problems.expect(/Content Security Policy/);
  const violations = await watchViolations(page);
  // A hashed island bootstrap really runs: the sign-in form hydrates and takes typing.
  await open(page, '/auth/login');
  await hydrated(page, 'pages');
  await page.getByLabel('Email').fill('ninguem@example.com');
  await expect(page.getByLabel('Email')).toHaveValue('ninguem@example.com');
  expect(await violations()).toEqual([]);

  // An injected inline script (as stored XSS would be) is refused.
  // An inline script runs as it is appended, or the policy refuses it and reports the refusal:
  // once the report has come, the script has had its chance.
  const ran = await page.evaluate(async () => {
    const injected = () => (window as unknown as { __injected?: boolean }).__injected === true;
    const refused = new Promise((resolve) =>
      document.addEventListener('securitypolicyviolation', resolve, { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    if (!injected()) await refused;
    return injected();
  });
  expect(ran).toBe(false);
  expect((await violations()).join('\n')).toContain('script-src-elem');
});

test('the panel: its own stricter policy (scripts and styles from files), fully styled', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await open(page, '/admin/dashboard');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }),
  ).toBeVisible();
  const response = await open(page, '/admin/hospedagens/novo');
  const policies = ((await response.headerValue('content-security-policy')) ?? '').split(', ');
  expect(policies).toHaveLength(2);
  expect(directive(policies[1] ?? '', 'script-src')).toBe("script-src 'self'");
  expect(directive(policies[1] ?? '', 'style-src')).not.toContain("'unsafe-inline'");
  await expect(page.getByRole('heading', { level: 1, name: 'Nova hospedagem' })).toBeVisible();
  // MUI's styles were applied (emotion's rules through the CSSOM): the app bar is coloured.
  const bar = await page
    .locator('header')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(bar).not.toBe('rgba(0, 0, 0, 0)');
  for (const path of ['/admin/hospedagens', '/admin/carousel', '/admin/roles']) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
  }
  expect(await violations()).toEqual([]);
});
