// The panel on a phone: no screen scrolls sideways (at the phone's own width, at 390 and 360 px,
// and at a computer's 1280 px), and a notification is react-admin's own, coloured by its type
// with its title, description and close button.
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { devices, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { PHONE_LAYOUT } from '../support/viewports.ts';
import { open, rows } from './public-helpers.ts';

/** A computer's width: the desktop project's (Desktop Chrome's) viewport. */
const DESKTOP_WIDTH = devices['Desktop Chrome'].viewport.width;

async function signIn(page: Page) {
  await open(page, '/admin/dashboard');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * How wide the page is, once the layout has settled after a resize. On a phone the browser widens
 * its window to a page that is too wide (innerWidth grows with it): the screen's width is the
 * measure.
 */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(document.scrollingElement?.scrollWidth ?? 0)),
        ),
      ),
  );
}

// Once per run, in the phone project: each screen is measured at every width after one load (the
// loads are the cost), the computer's width included, where MUI's breakpoints give the desktop
// layout whatever the device.
test('no panel screen scrolls sideways', PHONE_LAYOUT, async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const [lodging] = await rows<{ id: string }>('hospedagens', { select: 'id', limit: '1' });
  const own = page.viewportSize() ?? { width: 412, height: 839 };
  const sizes = [own.width, 390, 360, DESKTOP_WIDTH];
  const screens: [string, string][] = [
    ['/admin/dashboard', 'Painel Administrativo'],
    ['/admin/hospedagens', 'Hospedagens'],
    ['/admin/hospedagens/novo', 'Nova hospedagem'],
    [`/admin/hospedagens/editar/${lodging?.id}`, 'Editar hospedagem'],
    ['/admin/comercios', 'Comércios'],
    ['/admin/comercios/novo', 'Novo comércio'],
    ['/admin/passeios', 'Passeios'],
    ['/admin/passeios/novo', 'Novo passeio'],
    ['/admin/categorias', 'Gerenciar Categorias'],
    ['/admin/destaques', 'Gerenciar Destaques'],
    ['/admin/ordenar-topo', 'Ordenar Topo da Lista'],
    ['/admin/carousel', 'Gerenciar Carrossel'],
    ['/admin/avaliacoes', 'Avaliações'],
    ['/admin/lixeira', 'Lixeira'],
    ['/admin/mapa', 'Configurações do Mapa'],
    ['/admin/roles', 'Gerenciar Funções'],
    ['/admin/settings', 'Configurações'],
    ['/admin/configuracoes', 'Configurações do Site'],
  ];
  const wide: string[] = [];
  const measure = async (what: string) => {
    for (const width of sizes) {
      await page.setViewportSize({ width, height: own.height });
      const scrolled = await pageWidth(page);
      if (scrolled > width) wide.push(`${what} a ${width} px: ${scrolled} px`);
    }
    await page.setViewportSize(own);
  };
  for (const [path, heading] of screens) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    await measure(path);
  }
  // A list with rows picked (its bulk actions' toolbar), the carousel's slide form, a review's
  // rejection, and a form with its notification on screen.
  await open(page, '/admin/comercios');
  await page.getByTestId('listing-row').first().getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Fixar no topo' })).toBeVisible();
  await measure('/admin/comercios (linhas marcadas)');
  await open(page, '/admin/carousel');
  await page.getByRole('button', { name: 'Adicionar Novo Slide' }).click();
  await expect(page.getByLabel('Título *', { exact: true })).toBeVisible();
  await measure('/admin/carousel (novo slide)');
  // The demo's pending review, with 'Rejeitar's dialog open.
  await open(page, '/admin/avaliacoes');
  await page.getByTestId('review-row').first().getByRole('button', { name: 'Rejeitar' }).click();
  await expect(page.getByRole('dialog', { name: 'Rejeitar avaliação' })).toBeVisible();
  await measure('/admin/avaliacoes (rejeitar)');
  await open(page, '/admin/passeios/novo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Campos incompletos' })).toBeVisible();
  await measure('/admin/passeios/novo (notificação)');
  expect(wide).toEqual([]);
});

test("a notification is react-admin's own: the type's colour, its title and text, 'Fechar'", async ({
  page,
}) => {
  await signIn(page);
  await open(page, '/admin/hospedagens/novo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Campos incompletos' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Por favor, preencha todos os campos obrigatórios.');
  // MUI's error red behind white text, inside react-admin's snackbar, in the window.
  await expect(alert).toHaveCSS('background-color', 'rgb(211, 47, 47)');
  await expect(alert).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(page.locator('.MuiSnackbar-root').getByRole('alert')).toHaveCount(1);
  await expect(alert).toBeInViewport({ ratio: 1 });
  await expect(alert.getByText('Campos incompletos')).toHaveCSS('font-weight', '500');
  await alert.getByRole('button', { name: 'Fechar' }).click();
  await expect(alert).toHaveCount(0);
});
