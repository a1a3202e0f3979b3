// The `test` every browser suite uses: @playwright/test's, plus a net under each test. A console
// error, an uncaught page error, or a failed request to one of our local servers (site, panel,
// API, Supabase — all on 127.0.0.1) fails the test, unless the test names it as expected with
// `problems.expect(/pattern/)` (a deliberate 404, a refused upload, a stubbed failure).
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

type Problems = {
  /** A problem this test causes on purpose; matched against lines like '404 GET http://…'. */
  expect(pattern: RegExp): void;
};

const OURS = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

function watch(page: Page, seen: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // A navigation or a fetch cut short by leaving the page is not a failure of the server.
    if (reason === 'net::ERR_ABORTED' || !OURS.test(request.url())) return;
    seen.push(`failed ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && OURS.test(response.url())) {
      seen.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
}

export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [];
      for (const page of context.pages()) watch(page, seen);
      context.on('page', (page) => watch(page, seen));
      await use({ expect: (pattern) => allowed.push(pattern) });
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      if (unexpected.length > 0) {
        throw new Error(
          `Erros no console ou pedidos falhos que o teste não esperava:\n${unexpected.join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});
