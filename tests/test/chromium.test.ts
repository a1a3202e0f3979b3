import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumLaunchOptions } from '../support/chromium.ts';

describe('chromiumLaunchOptions', () => {
  it('launches a real headless Chromium that renders a page', async () => {
    const options = chromiumLaunchOptions();
    expect(options.args).toEqual(CHROMIUM_FLAGS);
    if (options.executablePath) expect(existsSync(options.executablePath)).toBe(true);
    const browser = await chromium.launch(options);
    try {
      const page = await browser.newPage();
      await page.setContent('<html lang="pt-BR"><h1>Olá, Fortim</h1></html>');
      expect(await page.textContent('h1')).toBe('Olá, Fortim');
    } finally {
      await browser.close();
    }
  });
});
