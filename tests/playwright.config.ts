import { TEST_PORTS } from '@guia-fortim/db/testing';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { ANY_VIEWPORT_GREP, PHONE_LAYOUT_GREP } from './support/viewports.ts';

// The global setup starts the whole local stack (the same one `npm start` runs, in memory) with
// its site on this port; with E2E_BASE_URL the suites run against an already running portal.
// Without E2E_PORT each run picks its own port (workers inherit it), so runs do not collide; like
// freePort's, it lies below the ports the system gives outgoing connections.
process.env.E2E_PORT ??= String(
  TEST_PORTS.from + (process.pid % (TEST_PORTS.to - TEST_PORTS.from)),
);
const port = Number(process.env.E2E_PORT);
const HOSTILE = 'security-hostile-text.spec.ts';

export default defineConfig({
  testDir: 'e2e',
  // A test without a budget of its own: the slowest of them took 18 s in a whole CI run at rest on
  // a 2-core runner, and about twice that at load 8.
  timeout: 60_000,
  // Assertions wait up to 10 s: on a loaded 2-core machine a panel reload (session, roles, data)
  // while a site rebuild runs can take longer than the default 5 s.
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI, so a timing hiccup on a loaded 2-core machine does not hide the rest of the
  // run; scripts/test.ts counts and lists a pass on the retry as flaky, never as a pass. Locally a
  // failure is a failure.
  retries: process.env.CI ? 1 : 0,
  globalSetup: './e2e/stack.setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions(),
    locale: 'pt-BR',
    // Tracing every test costs the browser lane about a sixth of its time (measured: three
    // suites on both projects, 129 and 134 s traced, 108 and 114 s not; load under 2). In CI a
    // failure is retried, and the retry is traced (Playwright's own default, 'on-first-retry');
    // locally, where nothing is retried, a failure keeps the trace of its one run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The site's service worker answers requests before page.route sees them: suites run without
    // it, and the offline suite (public-offline.spec.ts) turns it on.
    serviceWorkers: 'block',
  },
  projects: [
    {
      // The shared portal answers; its teardown, the hostile-text project, runs after every
      // project that depends on this one has finished, passed or failed (a dependency's failure
      // would skip it instead).
      name: 'portal',
      testMatch: 'portal.setup.ts',
      teardown: 'hostile',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
    {
      name: 'phone',
      dependencies: ['portal'],
      // Once per run, in the desktop project: the publish lifecycle (a stack of its own, started
      // twice) and the panel's content flows (the panel's phone layout is walked by
      // admin-access and the hostile-text project here).
      testIgnore: ['publish-lifecycle.spec.ts', 'admin-content.spec.ts', HOSTILE],
      grepInvert: ANY_VIEWPORT_GREP,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunchOptions() },
    },
    {
      name: 'desktop',
      dependencies: ['portal'],
      // Once per run, in the phone project: the accounts flows (an unseeded stack of its own;
      // visitors' pages).
      testIgnore: ['accounts-flows.spec.ts', HOSTILE],
      grepInvert: PHONE_LAYOUT_GREP,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() },
    },
    {
      // Hostile text written into the shared portal, so it runs after every other suite is done
      // (no other suite ever sees that data), as the portal project's teardown; at the phone
      // viewport, whose layout it checks. `--project=hostile` runs it alone.
      name: 'hostile',
      testMatch: HOSTILE,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunchOptions() },
    },
  ],
});
