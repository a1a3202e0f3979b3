// The shared portal answers: the project every browser suite depends on, whose teardown is the
// hostile-text project (playwright.config.ts), so that one runs once the others are done, whether
// or not they passed.
import { expect, test } from '../support/test.ts';

test('the home page is served in Portuguese with the portal name', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Guia Fortim');
});
