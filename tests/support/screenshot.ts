// Pictures a test leaves among its results (test-results/<test>/<name>.png, and in the report),
// for a person to look at what a layout test measured.
import { type Locator, test } from '@playwright/test';

export async function attachScreenshot(part: Locator, name: string): Promise<void> {
  const path = test.info().outputPath(`${name}.png`);
  await part.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}
