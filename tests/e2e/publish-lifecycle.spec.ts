// Publish-on-change and the stack's life cycle on a stack of its own, persisted like `npm start`
// (database, R2, builds in one data directory): the admin's changes reach the public pages by
// themselves, a failed or interrupted build never replaces the live site, and a stop/start on the
// same directory keeps the data and serves the last live build at once.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { acceptsConnections } from '@guia-fortim/db/testing';
import type { Page } from '@playwright/test';
import { type Stack, startStack } from '../support/stack.ts';
import { expect, test } from '../support/test.ts';
import { getOk, open } from './public-helpers.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now().toString(36);
let dataDir: string;
let buildsDir: string;
let cacheDir: string;
let stack: Stack;
let listing: { id: string; slug: string };
/** What the live site shows, as the steps change it. */
const live = { name: '', description: '' };
/** Saved straight into the database by test (c) while its build is killed. */
const changedDuringBuild = `Descricao alterada durante o build ${stamp}`;
/** Set by test (c): kills the site build the first time it reaches page generation. */
let killMidBuild: ((line: string) => void) | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'guia-fortim-lifecycle-'));
  buildsDir = join(dataDir, 'site', 'builds');
  cacheDir = join(dataDir, 'site', 'astro-cache');
  stack = await startStack({ dataDir, buildOutput: (line) => killMidBuild?.(line) });
  const { rows } = await stack.running.supabase.database.query<{ id: string; slug: string }>(
    'select id, slug from public.hospedagens order by slug limit 1',
  );
  listing = rows[0] as { id: string; slug: string };
});

test.afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await open(page, `${stack.siteUrl}/admin/dashboard`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Senha').fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible({
    timeout: 20_000,
  });
}

async function renameListing(page: Page, name: string) {
  await open(page, `${stack.siteUrl}/admin/hospedagens/editar/${listing.id}`);
  await page.getByLabel('Nome *').fill(name, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Hospedagem atualizada').first()).toBeVisible({ timeout: 20_000 });
}

/** The public listing page as a visitor gets it: its heading and footer text. */
async function publicListing(): Promise<{ heading: string; footer: string }> {
  const html = await (await getOk(`${stack.siteUrl}/hospedagem/${listing.slug}`)).text();
  const text = (pattern: RegExp) =>
    (html.match(pattern)?.[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    heading: text(/<h1[^>]*>([\s\S]*?)<\/h1>/),
    footer: text(/<footer[^>]*>([\s\S]*?)<\/footer>/),
  };
}

const indicator = (page: Page) => page.locator('[data-publish-state]');

/** Our processes still running with this data directory in their command line. */
function processesUsing(path: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(path)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

test('(a) the admin changes a name and a setting; the public pages show them by themselves', async ({
  page,
}) => {
  live.name = `Pousada Publicada ${stamp}`;
  live.description = `Descricao publicada ${stamp}`;
  await signIn(page);
  await expect(indicator(page)).toHaveText('Site publicado e atualizado', { timeout: 20_000 });
  // Two tabs saved back to back: both changes go out in one coalesced rebuild.
  await open(page, `${stack.siteUrl}/admin/hospedagens/editar/${listing.id}`);
  await page.getByLabel('Nome *').fill(live.name);
  const settings = await page.context().newPage();
  await open(settings, `${stack.siteUrl}/admin/configuracoes`);
  await settings.getByLabel('Descrição do site').fill(live.description);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await settings.getByRole('button', { name: 'Salvar' }).first().click();
  await expect(page.getByText('Hospedagem atualizada').first()).toBeVisible({ timeout: 20_000 });
  await expect(settings.getByText('Configurações salvas com sucesso!').first()).toBeVisible({
    timeout: 20_000,
  });

  await expect.poll(publicListing, { timeout: 90_000, intervals: [1_000] }).toEqual({
    heading: expect.stringContaining(live.name),
    footer: expect.stringContaining(live.description),
  });
  const visitor = await page.context().newPage();
  await open(visitor, `${stack.siteUrl}/hospedagem/${listing.slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(live.name);
  await expect(visitor.locator('footer')).toContainText(live.description);
  await expect(indicator(page)).toHaveText('Site publicado e atualizado', { timeout: 30_000 });
});

test('(a2) a returning visitor gets the new build from the service worker, and keeps it offline', async ({
  page,
  browser,
}) => {
  const visitors = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const visitor = await visitors.newPage();
    await open(visitor, `${stack.siteUrl}/hospedagem/${listing.slug}`);
    await visitor.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((done) =>
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }),
      );
    });
    const firstWorker = await visitor.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(firstWorker).toBeTruthy();

    live.name = `Pousada Renovada ${stamp}`;
    await stack.running.publisher.idle();
    const buildBefore = stack.running.publisher.liveDir();
    const buildsBefore = stack.running.publisher.status().builds;
    await signIn(page);
    await renameListing(page, live.name);
    // A rename goes out first through the site Worker, which renders the pages that show it
    // (the API worker asks for them): the new name is served over the build that was live
    // before the save, while the whole build still runs; that build's service worker is what
    // the visitor is offered below.
    let servedOver = '';
    await expect
      .poll(
        async () => {
          const { heading } = await publicListing();
          if (heading.includes(live.name)) servedOver = stack.running.publisher.liveDir() ?? '';
          return heading;
        },
        { timeout: 90_000, intervals: [200] },
      )
      .toContain(live.name);
    expect(servedOver).toBe(buildBefore);
    // The whole build that follows (asked for once the worker's burst window closes) brings the
    // new service worker the visitor is offered below.
    await expect
      .poll(() => stack.running.publisher.status().builds, { timeout: 30_000 })
      .toBeGreaterThan(buildsBefore);
    await stack.running.publisher.idle();

    // Pages come from the network first: the new text at once; the new build's worker then
    // installs and offers itself.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(live.name);
    const prompt = visitor.getByRole('status').filter({ hasText: 'Nova versão disponível' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await Promise.all([
      visitor.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Atualizar' }).click(),
    ]);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(live.name);
    await expect(prompt).toBeHidden();

    // The new worker kept the new build's pages: the list shows the new name without a network.
    await visitors.setOffline(true);
    await open(visitor, `${stack.siteUrl}/hospedagem`);
    await expect(
      visitor.locator('article[data-listing]').filter({ hasText: live.name }),
    ).toHaveCount(1);
  } finally {
    await visitors.close();
  }
});

test('(b) a build that cannot read the data fails, the old page stays, the indicator says so', async ({
  page,
}) => {
  const database = stack.running.supabase.database;
  const liveBefore = stack.running.publisher.liveDir();
  await signIn(page);
  // The build reads as the public would (publishable key); a migration that takes the public's
  // read access away makes it fail while the admin, signed in, can still save.
  await database.exec('revoke select on public.hospedagens from anon');
  try {
    await renameListing(page, `Pousada Nunca Publicada ${stamp}`);
    await expect(indicator(page)).toHaveText('Falha ao publicar o site', { timeout: 60_000 });
    await expect(indicator(page)).toHaveAttribute('data-publish-state', 'failed');
    await expect(page.getByTestId('publish-error')).toContainText('Leitura de hospedagens falhou');
  } finally {
    await database.exec('grant select on public.hospedagens to anon');
  }
  const hook = await (await getOk(stack.running.deployHookUrl)).json();
  // The state and a one-line reason; the whole log stays on this machine.
  expect(hook).toMatchObject({ state: 'failed' });
  expect(hook.error).toMatch(/^Leitura de hospedagens falhou \(HTTP \d+\)/);
  expect(hook).not.toHaveProperty('log');
  expect(stack.running.publisher.lastLog()).toContain('at readFailure');
  expect(stack.running.publisher.liveDir()).toBe(liveBefore);
  expect(await publicListing()).toEqual({
    heading: expect.stringContaining(live.name),
    footer: expect.stringContaining(live.description),
  });

  // The cause fixed (read access back), the admin's next save goes live.
  live.name = `Pousada Republicada ${stamp}`;
  await renameListing(page, live.name);
  await expect
    .poll(async () => (await publicListing()).heading, { timeout: 90_000, intervals: [1_000] })
    .toContain(live.name);
  // The page the site Worker rendered shows the name before the full build is live: that build
  // gets the time the others get on a loaded machine.
  await expect(indicator(page)).toHaveText('Site publicado e atualizado', { timeout: 90_000 });
});

test('(c) a rebuild killed half-way never replaces the live site', async () => {
  const { publisher, supabase } = stack.running;
  const liveBefore = publisher.liveDir();
  const buildsBefore = readdirSync(buildsDir).sort();
  const killed: number[] = [];
  killMidBuild = (line) => {
    // Pages are being written into the new build directory: kill the process building them
    // (started with the site's cache directory).
    if (!/static routes/.test(line) || killed.length > 0) return;
    for (const pid of processesUsing(cacheDir)) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.push(pid);
      } catch {
        // it ended on its own meanwhile
      }
    }
  };
  try {
    await supabase.database.query(
      "update public.site_settings set setting_value = $1 where setting_key = 'site_description'",
      [changedDuringBuild],
    );
    const requested = await fetch(stack.running.deployHookUrl, { method: 'POST' });
    expect(requested.status).toBe(200);
    await publisher.idle();
  } finally {
    killMidBuild = null;
  }
  expect(killed.length).toBeGreaterThan(0);
  expect(publisher.status().state).toBe('failed');
  expect(publisher.liveDir()).toBe(liveBefore);
  // The half-written build is gone; the builds kept before are untouched.
  expect(readdirSync(buildsDir).sort()).toEqual(buildsBefore);
  expect(processesUsing(cacheDir)).toEqual([]);
  expect(await publicListing()).toEqual({
    heading: expect.stringContaining(live.name),
    footer: expect.stringContaining(live.description),
  });
});

test('(d) the stack stops cleanly and starts again on the same data, serving at once', async ({
  page,
}) => {
  const { ports } = stack;
  const liveBefore = stack.running.publisher.liveDir();
  await stack.stop();
  for (const port of Object.values(ports)) expect(await acceptsConnections(port)).toBe(false);
  // stop() waits for each part's own process; their children (workerd) exit a moment later.
  await expect.poll(() => processesUsing(dataDir), { timeout: 10_000 }).toEqual([]);

  stack = await startStack({ dataDir, ports });
  // Served from the last live build while the site is rebuilt from the current data.
  expect(stack.running.publisher.liveDir()).toBe(liveBefore);
  expect(stack.running.publisher.status().state).toBe('building');
  expect(await publicListing()).toEqual({
    heading: expect.stringContaining(live.name),
    footer: expect.stringContaining(live.description),
  });

  await signIn(page);
  await open(page, `${stack.siteUrl}/admin/hospedagens/editar/${listing.id}`);
  await expect(page.getByLabel('Nome *')).toHaveValue(live.name, { timeout: 20_000 });
  await open(page, `${stack.siteUrl}/admin/configuracoes`);
  await expect(page.getByLabel('Descrição do site')).toHaveValue(changedDuringBuild, {
    timeout: 20_000,
  });

  await stack.running.publisher.idle();
  expect(stack.running.publisher.status().state).toBe('live');
  expect((await publicListing()).footer).toContain(changedDuringBuild);
});
