// The panel's addresses outside its own screens: an unknown /admin/… address is the panel's own
// not-found page (under the panel's stricter policy, so nothing in it is blocked), and with the
// network gone any /admin/… address is the site's Portuguese offline page, not the browser's
// error (nothing of the panel is kept on the device).
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';
import { open } from './public-helpers.ts';

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test(
  "an unknown /admin/ address is the panel's own 404 page: its layout, no policy violation",
  ANY_VIEWPORT,
  async ({ page, problems }) => {
    // The 404 itself, on purpose.
    problems.expect(/404 GET .*\/admin\/pagina-que-nao-existe|status of 404/);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await open(page, '/admin/dashboard');
    await signIn(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }),
    ).toBeVisible();
    const response = await open(page, '/admin/pagina-que-nao-existe', 404);
    expect(await response.headerValue('content-security-policy')).toContain("script-src 'self'");
    await expect(page.getByText('Não encontrado')).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Menu do painel' })
        .or(page.getByRole('button', { name: 'Abrir menu' }))
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  },
);

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'a panel address without signal is the Portuguese offline page, and nothing of the panel is kept',
    ANY_VIEWPORT,
    async ({ page, context }) => {
      await open(page, '/');
      // The site's service worker controls the page (it registers a few seconds after load).
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          );
        }
      });
      await context.setOffline(true);
      for (const path of ['/admin/dashboard', '/admin/hospedagens/novo', '/admin/']) {
        const response = await page.goto(path);
        expect(response?.status(), `GET ${path} sem rede`).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Você está sem conexão');
      }
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.map((url) => new URL(url).pathname);
      });
      expect(kept.filter((path) => path.startsWith('/admin'))).toEqual([]);
    },
  );
});
