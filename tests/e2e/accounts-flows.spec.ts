// Accounts end to end, against the real local stack (db/local, the worker under wrangler dev,
// the built site): registration with e-mail confirmation, sign-in and `from`, profile, password
// change, sign-out, password recovery, the guards, and the first administrator.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startPostgres } from '@guia-fortim/db/testing/postgres';
import { startLocalSupabase } from '@guia-fortim/local-supabase';
import { DUMMY_TOKEN, TEST_SITEKEYS } from '@guia-fortim/stack/turnstile';
import type { Page } from '@playwright/test';
import { type Stack, startStack } from '../support/stack.ts';
import { expect, test } from '../support/test.ts';
import { forgetSession, getOk, open, reload } from './public-helpers.ts';

// The first administrator's flow took 34 s in a whole CI run at rest on a 2-core runner.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: Stack;
let run = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // No demo accounts: the first administrator is made through /admin-setup.
  stack = await startStack({ seed: false });
  run = `${test.info().project.name}-${Date.now().toString(36)}`;
});

test.afterAll(async () => {
  await stack?.stop();
});

const site = (path: string) => `${stack.siteUrl}${path}`;
const email = (name: string) => `${name}-${run}@example.com`;

/** The newest e-mailed link of `type` sent to `to`, from the local mailbox. */
async function mailedLink(to: string, type: 'signup' | 'recovery'): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await getOk(`${stack.mailboxUrl}?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { type: string; link: string }[];
    const newest = messages.find((message) => message.type === type);
    if (newest) return newest.link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Nenhum email '${type}' para ${to}`);
}

/** The header's account button (avatar with initials, 'Minha Conta'). */
const accountButton = (page: Page) => page.getByRole('button', { name: 'Minha Conta' });

/**
 * The signed-in user is (`expected`) or is not an administrator: the roles the header's account
 * menu reads when it opens say so, and the menu offers 'Painel Admin' exactly then.
 */
async function expectAdminPanelLink(page: Page, expected: boolean): Promise<void> {
  await open(page, site('/'));
  const roles = page.waitForResponse((response) => response.url().includes('/rest/v1/user_roles'));
  await accountButton(page).click();
  await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
  const answer = await roles;
  expect(answer.status(), 'GET user_roles').toBe(200);
  const granted = ((await answer.json()) as { role: string }[]).map((row) => row.role);
  expect(granted.includes('admin'), `funções: ${granted.join(', ')}`).toBe(expected);
  // The menu has rendered the answer two frames after it arrived.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveCount(expected ? 1 : 0);
}

async function fillAndSubmit(page: Page, fields: Record<string, string>, button: string) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: button, exact: true }).click();
}

async function register(page: Page, who: { name: string; username: string; email: string }) {
  await open(page, site('/auth/registro'));
  await fillAndSubmit(
    page,
    {
      'Nome completo': who.name,
      'Nome de usuário': who.username,
      Email: who.email,
      Senha: 'segredo1',
      'Confirmar senha': 'segredo1',
    },
    'Registrar',
  );
}

async function signIn(page: Page, address: string, password: string, from?: string) {
  const query = from ? `?from=${encodeURIComponent(from)}` : '';
  await open(page, site(`/auth/login${query}`));
  await fillAndSubmit(page, { Email: address, Senha: password }, 'Entrar');
}

/** Registers and confirms an account without the browser (for the other users of a test). */
async function confirmedAccount(
  page: Page,
  who: { name: string; username: string; email: string },
) {
  await register(page, who);
  await page.waitForURL(site('/auth/login'));
  await openConfirmationLink(page, who.email);
  await forgetSession(page);
}

/**
 * The confirmation link opens the site's confirmation page; its button confirms and lands on the
 * site root, signed in. A mail scanner's visit before it uses nothing up.
 */
async function openConfirmationLink(page: Page, address: string) {
  const link = await mailedLink(address, 'signup');
  expect(new URL(link).pathname).toBe('/auth/confirmar');
  await getOk(link);
  await open(page, link, 200);
  await expect(page.getByRole('heading', { name: 'Confirmar cadastro' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar meu cadastro' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(accountButton(page)).toBeVisible();
  await expect(page.getByText('Email confirmado')).toBeVisible();
}

test('registration, confirmation, sign-in with from, profile, password change and sign-out', async ({
  problems,
  page,
}) => {
  // Refused on purpose: the wrong current password (Supabase Auth checks it on PUT /user), and
  // the old password tried after the change.
  problems.expect(
    /grant_type=password|PUT \S+\/auth\/v1\/user$|status of 400|Invalid login credentials/,
  );
  const maria = {
    name: 'Maria da Silva',
    username: `maria_${Date.now() % 1e6}`,
    email: email('maria'),
  };

  // Bad input is refused before any request.
  await open(page, site('/auth/registro'));
  await fillAndSubmit(
    page,
    {
      'Nome completo': maria.name,
      'Nome de usuário': maria.username,
      Email: maria.email,
      Senha: 'segredo1',
      'Confirmar senha': 'segredo2',
    },
    'Registrar',
  );
  await expect(page.getByRole('alert').first()).toHaveText('As senhas não coincidem.');

  await register(page, maria);
  await page.waitForURL(site('/auth/login'));
  await expect(page.getByText('Verifique seu email para confirmar sua conta.')).toBeVisible();

  // The confirmation link lands on the site root with the session.
  await openConfirmationLink(page, maria.email);
  await forgetSession(page);

  // The same e-mail again is refused clearly.
  await register(page, { ...maria, username: `${maria.username}x` });
  await expect(page.getByRole('alert').first()).toHaveText('Este email já está registrado.');

  // The guard sends an anonymous visitor to login, replacing history, and back after sign-in.
  await open(page, site('/'));
  await open(page, site('/auth/perfil'));
  await page.waitForURL((url) => url.pathname === '/auth/login');
  expect(new URL(page.url()).searchParams.get('from')).toBe('/auth/perfil');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');

  // A wrong password and an unknown e-mail get the same answer.
  await signIn(page, email('desconhecida'), 'senha-errada');
  await expect(page.getByText('Credenciais inválidas. Tente novamente.')).toBeVisible();
  await signIn(page, maria.email, 'senha-errada', '/auth/perfil');
  await expect(page.getByText('Credenciais inválidas. Tente novamente.')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('segredo1');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(site('/auth/perfil'));
  await expect(page.getByRole('heading', { name: 'Seu Perfil' })).toBeVisible();
  await expect(page.getByText('Login realizado')).toBeVisible();
  await expect(page.getByTestId('profile-initials')).toHaveText('MD');
  await expect(accountButton(page)).toContainText('MD');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(maria.email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');

  // Profile edit: bad username refused, then saved.
  await page.getByLabel('Nome de usuário').fill('a b');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByRole('alert').first()).toContainText('3 a 30 caracteres');
  await page.getByLabel('Nome completo').fill('Maria Souza Lima');
  await page.getByLabel('Nome de usuário').fill(`${maria.username}_2`);
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Perfil atualizado')).toBeVisible();
  await expect(page.getByTestId('profile-initials')).toHaveText('MS');
  await reload(page);
  await expect(page.getByLabel('Nome completo')).toHaveValue('Maria Souza Lima');
  await expect(accountButton(page)).toContainText('MS');

  // Password change: the wrong current password first.
  await page.getByRole('tab', { name: 'Segurança' }).click();
  const change = async (current: string, next: string, confirm: string) => {
    await page.getByLabel('Senha atual').fill(current);
    await page.getByLabel('Nova senha', { exact: true }).fill(next);
    await page.getByLabel('Confirmar nova senha').fill(confirm);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
  };
  await change('segredo1', 'novasenha1', 'novasenha2');
  await expect(page.getByRole('alert').first()).toHaveText('As senhas não coincidem.');
  await change('segredo1', 'nova123', 'nova123');
  await expect(page.getByRole('alert').first()).toHaveText(
    'A nova senha deve ter pelo menos 8 caracteres.',
  );
  await change('segredo1', 'senha123', 'senha123');
  await expect(page.getByRole('alert').first()).toHaveText(
    'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
  );
  await change('errada99', 'novasenha1', 'novasenha1');
  await expect(page.getByRole('alert').first()).toHaveText('Senha atual incorreta.');
  await change('segredo1', 'novasenha1', 'novasenha1');
  await expect(page.getByText('Senha alterada')).toBeVisible();
  await expect(page.getByLabel('Senha atual')).toHaveValue('');

  // Sign-out clears the session and goes home.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')),
  );
  expect(stored).toEqual([]);

  // The new password works, the old one does not; an unsafe `from` never leaves the site.
  await signIn(page, maria.email, 'segredo1');
  await expect(page.getByText('Credenciais inválidas. Tente novamente.')).toBeVisible();
  await signIn(page, maria.email, 'novasenha1', '//evil.example/x');
  await page.waitForURL(site('/'));
});

test('password recovery: e-mail, reset, sign-in; reused and broken links; no link', async ({
  problems,
  page,
}) => {
  // Refused on purpose: the broken and the reused link's token hash (Auth answers 403), and the
  // button pressed without signal.
  problems.expect(/403 POST \S+\/auth\/v1\/verify$|status of 403|ERR_INTERNET_DISCONNECTED/);
  const rui = { name: 'Rui Costa', username: `rui_${Date.now() % 1e6}`, email: email('rui') };
  await confirmedAccount(page, rui);

  // Someone else's tokens in the fragment (a crafted recovery link) sign nobody in: the site
  // takes sessions only from a code this browser asked for.
  const attacker = await fetch(`${stack.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json' },
    // The stack's Auth asks for Turnstile's CAPTCHA: the local Turnstile's test token.
    body: JSON.stringify({
      email: rui.email,
      password: 'segredo1',
      gotrue_meta_security: { captcha_token: DUMMY_TOKEN },
    }),
  });
  expect(attacker.status).toBe(200);
  const tokens = (await attacker.json()) as Record<string, string | number>;
  await forgetSession(page);
  await open(
    page,
    site(
      `/auth/reset-password#access_token=${tokens.access_token}&expires_in=${tokens.expires_in}&refresh_token=${tokens.refresh_token}&token_type=bearer&type=recovery`,
    ),
  );
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token'))),
  ).toEqual([]);

  // Without a link or a session the reset page refuses.
  await open(page, site('/auth/reset-password'));
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(
    page.getByText(
      'Você precisa acessar esta página através do link de recuperação enviado por email.',
    ),
  ).toBeVisible();

  // An unknown address gets the same answer as a known one.
  await open(page, site('/auth/esqueci-senha'));
  await fillAndSubmit(page, { Email: email('ninguem') }, 'Enviar link de recuperação');
  await expect(page.getByText(/pasta de spam/)).toBeVisible();

  await open(page, site('/auth/esqueci-senha'));
  await fillAndSubmit(page, { Email: rui.email }, 'Enviar link de recuperação');
  await expect(page.getByText(/pasta de spam/)).toBeVisible();
  const link = await mailedLink(rui.email, 'recovery');
  /** Opens an e-mailed link and presses its page's button. */
  const follow = async (address: string) => {
    await open(page, address, 200);
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
  };

  // A link without its token or with an unknown type is refused at once; a broken token is
  // refused like an expired one once the button asks Auth.
  for (const query of ['', '?type=recovery', '?token_hash=abc&type=signup_x']) {
    await open(page, site(`/auth/confirmar${query}`), 200);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect(
      page.getByText('Link de confirmação inválido ou expirado.', { exact: false }),
    ).toBeVisible();
  }
  const broken = new URL(link);
  expect(broken.pathname).toBe('/auth/confirmar');
  broken.searchParams.set('token_hash', `pkce_${'x'.repeat(40)}`);
  await follow(broken.toString());
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText('Link de recuperação inválido ou expirado...')).toBeVisible();

  // A mail scanner opens the link first: nothing is used up until its owner presses the button.
  await getOk(link);
  // Without signal the button says so, and the link stays usable: with it back, it goes on.
  await open(page, link, 200);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText(
      'Não foi possível conectar. Verifique sua conexão com a internet e tente novamente.',
    ),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/auth/confirmar');
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/reset-password');
  await fillAndSubmit(
    page,
    { 'Nova senha': 'recuperada1', 'Confirmar nova senha': 'recuperada2' },
    'Redefinir senha',
  );
  await expect(page.getByRole('alert').first()).toHaveText('As senhas não coincidem.');
  await fillAndSubmit(
    page,
    { 'Nova senha': 'recupe1', 'Confirmar nova senha': 'recupe1' },
    'Redefinir senha',
  );
  await expect(page.getByRole('alert').first()).toHaveText(
    'A senha deve ter pelo menos 8 caracteres.',
  );
  await fillAndSubmit(
    page,
    { 'Nova senha': 'recuperada1', 'Confirmar nova senha': 'recuperada1' },
    'Redefinir senha',
  );
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText('Senha redefinida')).toBeVisible();

  // The link cannot be used twice.
  await follow(link);
  await page.waitForURL((url) => url.pathname === '/auth/login');
  await expect(page.getByText('Link de recuperação inválido ou expirado...')).toBeVisible();

  await signIn(page, rui.email, 'recuperada1', '/auth/perfil');
  await page.waitForURL(site('/auth/perfil'));
  await expect(page.getByTestId('profile-name')).toHaveText('Rui Costa');
});

test("sign-in through Turnstile's widget: unseen, its token goes to Auth; a challenge that wants the visitor holds the form until it is passed", async ({
  page,
}) => {
  const lia = { name: 'Lia Souza', username: `lia_${Date.now() % 1e6}`, email: email('lia') };
  await confirmedAccount(page, lia);
  const captcha: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/v1/token?grant_type=password')) {
      captcha.push((request.postDataJSON() as Record<string, unknown>).gotrue_meta_security);
    }
  });
  const widget = page.locator(`iframe[src^="${stack.turnstileUrl}/turnstile/v0/challenge"]`);

  // The site's test key always passes: the visitor sees no widget, Auth gets the token.
  await open(page, site('/auth/login'));
  await expect(widget).toBeAttached();
  await expect(widget).toBeHidden();
  await fillAndSubmit(page, { Email: lia.email, Senha: 'segredo1' }, 'Entrar');
  await page.waitForURL(site('/'));
  expect(captcha).toEqual([{ captcha_token: DUMMY_TOKEN }]);

  // Cloudflare's test key that forces an interactive challenge, in place of the site's where it
  // renders the widget: the form says what to do, and signs in once the visitor has passed it.
  await forgetSession(page);
  await page.addInitScript((interactive) => {
    type Turnstile = { render(element: Element, options: Record<string, unknown>): string };
    let wrapped: Turnstile | undefined;
    Object.defineProperty(window, 'turnstile', {
      configurable: true,
      get: () => wrapped,
      set: (turnstile: Turnstile) => {
        wrapped = {
          ...turnstile,
          render: (element, options) =>
            turnstile.render(element, { ...options, sitekey: interactive }),
        };
      },
    });
  }, TEST_SITEKEYS.interactive);
  await open(page, site('/auth/login'));
  await fillAndSubmit(page, { Email: lia.email, Senha: 'segredo1' }, 'Entrar');
  await expect(page.getByRole('alert').first()).toHaveText('Confirme que você não é um robô.');
  await expect(widget).toBeVisible();
  expect(captcha).toHaveLength(1);
  await page
    .frameLocator(`iframe[src^="${stack.turnstileUrl}"]`)
    .getByLabel('Confirme que é humano')
    .check();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(site('/'));
  expect(captcha).toEqual([{ captcha_token: DUMMY_TOKEN }, { captcha_token: DUMMY_TOKEN }]);
});

test('first administrator through /admin-setup, then only admins may grant', async ({
  page,
  problems,
}) => {
  // Refused on purpose: a username already taken, a grant by a non-admin, an unknown e-mail.
  problems.expect(/profiles\?id=|status of 409|admin\/grant|status of 403|status of 404/);
  const ana = { name: 'Ana Admin', username: `ana_${Date.now() % 1e6}`, email: email('ana') };
  const bia = { name: 'Bia Usuária', username: `bia_${Date.now() % 1e6}`, email: email('bia') };
  await confirmedAccount(page, ana);
  await confirmedAccount(page, bia);

  // Usernames are unique: at registration and in the profile.
  await register(page, { name: 'Outra Ana', username: ana.username, email: email('outra') });
  await expect(page.getByRole('alert').first()).toHaveText('Este nome de usuário já está em uso.');
  await signIn(page, bia.email, 'segredo1', '/auth/perfil');
  await page.waitForURL(site('/auth/perfil'));
  await page.getByLabel('Nome de usuário').fill(ana.username.toUpperCase());
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Este nome de usuário já está em uso.');
  await forgetSession(page);

  // Anonymous visitors see the steps.
  await open(page, site('/admin-setup'));
  await expect(page.getByRole('heading', { name: 'Configuração de Administrador' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Registrar' })).toHaveAttribute(
    'href',
    '/auth/registro',
  );
  const grant = page.getByRole('button', { name: 'Conceder Acesso Admin' });
  await expect(grant).toBeDisabled();

  const grantTo = async (target: string) => {
    await open(page, site('/admin-setup'));
    await page.getByLabel('Email do usuário').fill(target);
    await grant.click();
  };

  // Bia is refused while Ana is the first administrator.
  await signIn(page, ana.email, 'segredo1', '/admin-setup');
  await page.waitForURL(site('/admin-setup'));
  await grantTo(ana.email);
  await expect(page.getByText(`Acesso de administrador concedido para ${ana.email}`)).toBeVisible();
  await expect(page.getByLabel('Email do usuário')).toHaveValue('');

  await expectAdminPanelLink(page, true);

  await forgetSession(page);
  await signIn(page, bia.email, 'segredo1', '/admin-setup');
  await page.waitForURL(site('/admin-setup'));
  await expectAdminPanelLink(page, false);
  await grantTo(bia.email);
  await expect(page.getByRole('alert').first()).toHaveText(
    'Apenas administradores podem conceder acesso de admin a outros usuários.',
  );

  await forgetSession(page);
  await signIn(page, ana.email, 'segredo1', '/admin-setup');
  await page.waitForURL(site('/admin-setup'));
  await grantTo(email('ninguem'));
  await expect(page.getByRole('alert').first()).toHaveText(
    'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
  );
  await grantTo(bia.email);
  await expect(page.getByText(`Acesso de administrador concedido para ${bia.email}`)).toBeVisible();

  await forgetSession(page);
  await signIn(page, bia.email, 'segredo1');
  await page.waitForURL(site('/'));
  await expectAdminPanelLink(page, true);
});

test('a user deletes their own account after confirming the password; the last admin cannot', async ({
  page,
  problems,
}) => {
  // Refused on purpose: a wrong password, the last administrator, signing in to the deleted
  // account; and forgetting the session of a deleted account (the server no longer knows it).
  problems.expect(
    /grant_type=password|rpc\/delete_own_account|status of 40[03]|logout\?scope=local|Invalid login credentials/,
  );
  const cara = { name: 'Cara Saindo', username: `cara_${Date.now() % 1e6}`, email: email('cara') };
  await confirmedAccount(page, cara);
  await signIn(page, cara.email, 'segredo1', '/auth/perfil');
  await page.waitForURL(site('/auth/perfil'));
  await page.getByRole('tab', { name: 'Segurança' }).click();
  const password = page.getByLabel('Confirme sua senha');
  const remove = page.getByRole('button', { name: 'Excluir minha conta' });
  const alert = page.getByRole('form', { name: 'Excluir conta' }).getByRole('alert');

  await remove.click();
  await expect(alert).toHaveText('Digite sua senha para confirmar.');
  await password.fill('errada1');
  page.once('dialog', (dialog) => void dialog.accept());
  await remove.click();
  await expect(alert).toHaveText('Senha incorreta.');
  // Changing one's mind at the browser's question changes nothing.
  await password.fill('segredo1');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await remove.click();
  await expect(remove).toBeEnabled();
  await expect(page).toHaveURL(site('/auth/perfil'));

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain('esta ação não pode ser desfeita');
    void dialog.accept();
  });
  await remove.click();
  await page.waitForURL(site('/'));
  await expect(page.getByText('Conta excluída')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await signIn(page, cara.email, 'segredo1');
  await expect(page.getByText('Credenciais inválidas. Tente novamente.').first()).toBeVisible();

  // Two administrators (Ana and Bia, from the test above): Bia may leave, then Ana is the last.
  for (const [who, outcome] of [
    [email('bia'), 'deleted'],
    [email('ana'), 'Não é possível excluir a conta do último administrador.'],
  ] as const) {
    await forgetSession(page);
    await signIn(page, who, 'segredo1', '/auth/perfil');
    await page.waitForURL(site('/auth/perfil'));
    await page.getByRole('tab', { name: 'Segurança' }).click();
    await password.fill('segredo1');
    page.once('dialog', (dialog) => void dialog.accept());
    await remove.click();
    if (outcome === 'deleted') await page.waitForURL(site('/'));
    else await expect(alert).toHaveText(outcome);
  }
  await expectAdminPanelLink(page, true);
});

test('operators make an administrator with npm run admin:create', async ({ page }) => {
  const caio = {
    name: 'Caio Operador',
    username: `caio_${Date.now() % 1e6}`,
    email: email('caio'),
  };
  const dora = { name: 'Dora', username: `dora_${Date.now() % 1e6}`, email: email('dora') };
  await confirmedAccount(page, caio);
  await confirmedAccount(page, dora);
  const script = fileURLToPath(import.meta.resolve('@guia-fortim/db/admin-create'));
  const env = {
    ...process.env,
    SUPABASE_URL: stack.supabaseUrl,
    SUPABASE_SECRET_KEY: stack.secretKey,
    DATABASE_URL: '',
  };
  const node = process.execPath;
  const missing = await promisify(execFile)(node, [script, email('ninguem')], { env }).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(missing).toMatchObject({ code: 1 });
  expect((missing as { stderr: string }).stderr).toContain('Usuário não encontrado');

  const made = await promisify(execFile)(node, [script, caio.email], { env });
  expect(made.stdout).toContain(`Acesso de administrador concedido para ${caio.email}`);

  // Caio is now an administrator: he may grant Dora.
  await signIn(page, caio.email, 'segredo1', '/admin-setup');
  await page.waitForURL(site('/admin-setup'));
  await page.getByLabel('Email do usuário').fill(dora.email);
  await page.getByRole('button', { name: 'Conceder Acesso Admin' }).click();
  await expect(
    page.getByText(`Acesso de administrador concedido para ${dora.email}`),
  ).toBeVisible();
});

test('admin:create also works straight on PostgreSQL (DATABASE_URL)', async () => {
  const postgres = await startPostgres();
  try {
    // db/local over this PostgreSQL applies the migrations and gives the owner's connection.
    const local = await startLocalSupabase({ port: 0, databaseUrl: postgres.url, quiet: true });
    try {
      const db = local.database;
      const user = await db.query<{ id: string }>(
        `insert into auth.users (email, raw_user_meta_data) values ($1, '{"full_name":"Eva"}') returning id`,
        ['eva@example.com'],
      );
      const script = fileURLToPath(import.meta.resolve('@guia-fortim/db/admin-create'));
      const env = { ...process.env, DATABASE_URL: postgres.url };
      const done = await promisify(execFile)(process.execPath, [script, 'EVA@example.com'], {
        env,
      });
      expect(done.stdout).toContain('Acesso de administrador concedido para EVA@example.com');
      const roles = await db.query('select role from public.user_roles where user_id = $1', [
        user.rows[0]?.id,
      ]);
      expect(roles.rows).toEqual([{ role: 'admin' }]);
      const missing = await promisify(execFile)(process.execPath, [script, 'x@example.com'], {
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(missing).toMatchObject({ code: 1 });
      expect((missing as { stderr: string }).stderr).toContain('Usuário não encontrado');
    } finally {
      await local.stop();
    }
  } finally {
    await postgres.stop();
  }
});
