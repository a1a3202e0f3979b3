import { expect, test } from '../support/test.ts';
import { ANY_VIEWPORT } from '../support/viewports.ts';

test(
  'the home page is served in Portuguese with the portal name',
  ANY_VIEWPORT,
  async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Guia Fortim');
  },
);
