// @vitest-environment happy-dom
// The account islands against the real db/local (in its own process: the happy-dom globals are
// no place for a server) with the unmodified supabase-js. A small relay between the two holds a
// request open, or answers one with a server error, so the states "while submitting", "while the
// session is checked" and "sign-out failed" can be seen for as long as the test needs.
import {
  type LocalSupabaseProcess,
  startLocalSupabaseProcess,
} from '@guia-fortim/local-supabase/process';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { type Relay, startRelay } from '../support/relay.ts';

// A busy machine (db/local, supabase-js and the islands in one test) needs more than the defaults;
// nothing here waits on a timer, only on answers the relay lets through.
configure({ asyncUtilTimeout: 10_000 });

const user = userEvent.setup({ delay: null });
const PASSWORD = 'segredo123';
const EMAIL = 'lia.souza@example.com';

let dbLocal: LocalSupabaseProcess | undefined;
let dbLocalUrl = '';
let publishableKey = '';
let relay: Relay;

/** A real session of db/local for the test user, as supabase-js stores it in the browser. */
async function signIn(): Promise<Record<string, unknown>> {
  const response = await fetch(`${dbLocalUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function storeSession(session: Record<string, unknown>) {
  localStorage.setItem('sb-127-auth-token', JSON.stringify(session));
}

beforeAll(async () => {
  // A low limit of sign-in failures per address, so the last test reaches it in a few requests.
  dbLocal = await startLocalSupabaseProcess({
    autoconfirm: true,
    auth: {
      rateLimits: {
        signInFailuresPerAddress: { max: 10, windowSeconds: 300 },
        signUpsPerAddress: { max: 100, windowSeconds: 300 },
        emailRequestsPerAddress: { max: 60, windowSeconds: 3600 },
      },
    },
  });
  dbLocalUrl = dbLocal.url;
  publishableKey = dbLocal.publishableKey;
  const signUp = await fetch(`${dbLocalUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      data: { full_name: 'Lia Souza', username: 'lia.souza', avatar_url: null },
    }),
  });
  expect(signUp.status).toBe(200);

  relay = await startRelay(dbLocalUrl);
}, 120_000);

afterAll(async () => {
  await relay?.close();
  await dbLocal?.stop();
});

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  vi.stubEnv('PUBLIC_SUPABASE_URL', relay.url);
  vi.stubEnv('PUBLIC_SUPABASE_PUBLISHABLE_KEY', publishableKey);
  vi.stubEnv('PUBLIC_API_URL', 'http://127.0.0.1:9');
  // Each test gets fresh islands: a supabase-js client of its own, no state left by another test.
  vi.resetModules();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // A fresh client per test makes supabase-js warn about several clients sharing one storage
  // key; the earlier ones are idle, so only that warning is kept out of the output.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Multiple GoTrueClient instances')) warn(...args);
  });
});

afterEach(() => {
  cleanup();
  relay.reset();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
});

async function page(
  name: 'LoginPage' | 'RegisterPage' | 'ProfilePage' | 'ResetPasswordPage' | 'ForgotPasswordPage',
) {
  const pages = await import('../../src/components/account/pages.tsx');
  return pages[name] as ComponentType;
}

/** A labelled field once its form has hydrated: until then it is disabled, and typing is lost. */
async function field(label: string) {
  const input = (await screen.findByLabelText(label)) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}

describe('login form', () => {
  it("is disabled and reads 'Entrando...' while the sign-in request is under way", async () => {
    const LoginPage = await page('LoginPage');
    render(<LoginPage />);
    const email = await field('Email');
    await user.type(email, EMAIL);
    await user.type(await field('Senha'), 'senha-errada');
    const held = relay.when('POST', '/auth/v1/token?grant_type=password', 'hold');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await held;

    // The submit control is disabled and reads 'Entrando...' while submitting.
    const busy = screen.getByRole('button', { name: 'Entrando...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Entrar' })).toBeNull();

    relay.releaseAll();
    // Sign-in: service message or 'Credenciais inválidas. Tente novamente.', title
    // 'Erro no login'.
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro no login')).toBeTruthy();
    expect(within(alert).getByText('Credenciais inválidas. Tente novamente.')).toBeTruthy();
    const again = screen.getByRole('button', { name: 'Entrar' });
    expect(again.hasAttribute('disabled')).toBe(false);
    expect(relay.seen).toContainEqual({
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      status: 400,
    });
  });
});

describe('sign-in that does not reach an answer', () => {
  async function signInThrough(action: 'fail' | 'drop') {
    const LoginPage = await page('LoginPage');
    render(<LoginPage />);
    const email = await field('Email');
    await user.type(email, EMAIL);
    await user.type(await field('Senha'), PASSWORD);
    const answered = relay.when('POST', '/auth/v1/token?grant_type=password', action);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await answered;
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro no login')).toBeTruthy();
    // Right credentials: never 'Credenciais inválidas'.
    expect(screen.queryByText('Credenciais inválidas. Tente novamente.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Entrar' }).hasAttribute('disabled')).toBe(false);
    return alert;
  }

  // Sign-in: … generic 'Ocorreu um erro durante o login. Tente novamente.'
  it('a server failure gives the generic sign-in message', async () => {
    const alert = await signInThrough('fail');
    expect(
      within(alert).getByText('Ocorreu um erro durante o login. Tente novamente.'),
    ).toBeTruthy();
  });

  it('a cut connection says the site could not be reached', async () => {
    const alert = await signInThrough('drop');
    expect(
      within(alert).getByText(
        'Não foi possível conectar. Verifique sua conexão com a internet e tente novamente.',
      ),
    ).toBeTruthy();
  });
});

describe('a refusal is shown once', () => {
  it('registration with a username already taken', async () => {
    const RegisterPage = await page('RegisterPage');
    render(<RegisterPage />);
    const fullName = await field('Nome completo');
    await user.type(fullName, 'Outra Lia');
    await user.type(await field('Nome de usuário'), 'lia.souza');
    await user.type(await field('Email'), 'outra.lia@example.com');
    await user.type(await field('Senha'), 'jangada12');
    await user.type(await field('Confirmar senha'), 'jangada12');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    // Inline and in a toast, both appear at once: counted as soon as one is there.
    expect(await screen.findAllByText('Este nome de usuário já está em uso.')).toHaveLength(1);
  });

  it('a password change with the wrong current password', async () => {
    storeSession(await signIn());
    const ProfilePage = await page('ProfilePage');
    render(<ProfilePage />);
    await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
    await user.type(await field('Senha atual'), 'errada123');
    await user.type(await field('Nova senha'), 'jangada12');
    await user.type(await field('Confirmar nova senha'), 'jangada12');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    // Inline and in a toast, both appear at once: counted as soon as one is there.
    expect(await screen.findAllByText('Senha atual incorreta.')).toHaveLength(1);
  });
});

// Profile: 'Não foi possível atualizar seu perfil.', 'Não foi possível alterar sua senha.'
describe('a profile write the server fails says the profile page’s own words', () => {
  it('saving the name and username', async () => {
    storeSession(await signIn());
    const ProfilePage = await page('ProfilePage');
    render(<ProfilePage />);
    const fullName = await field('Nome completo');
    await waitFor(() => expect(fullName.value).toBe('Lia Souza'));
    await user.type(fullName, ' Lima');
    const failed = relay.when('PATCH', '/rest/v1/profiles', 'fail');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await failed;
    expect(await screen.findAllByText('Não foi possível atualizar seu perfil.')).toHaveLength(1);
    expect(screen.queryByText('Perfil atualizado')).toBeNull();
  });

  it('changing the password', async () => {
    storeSession(await signIn());
    const ProfilePage = await page('ProfilePage');
    render(<ProfilePage />);
    await user.click(await screen.findByRole('tab', { name: 'Segurança' }));
    await user.type(await field('Senha atual'), PASSWORD);
    await user.type(await field('Nova senha'), 'jangada12');
    await user.type(await field('Confirmar nova senha'), 'jangada12');
    const failed = relay.when('PUT', '/auth/v1/user', 'fail');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await failed;
    expect(await screen.findAllByText('Não foi possível alterar sua senha.')).toHaveLength(1);
    expect(screen.queryByText('Senha alterada')).toBeNull();
  });
});

// Registration: '… the service message or 'Ocorreu um erro durante o registro.''; Forgot password:
// 'Não foi possível enviar o email de recuperação.'
describe('a sign-up or a recovery the server fails says the form’s own words', () => {
  it('registration', async () => {
    const RegisterPage = await page('RegisterPage');
    render(<RegisterPage />);
    const fullName = await field('Nome completo');
    await user.type(fullName, 'Rui Lima');
    await user.type(await field('Nome de usuário'), 'rui.lima');
    await user.type(await field('Email'), 'rui.lima@example.com');
    await user.type(await field('Senha'), 'jangada12');
    await user.type(await field('Confirmar senha'), 'jangada12');
    const failed = relay.when('POST', '/auth/v1/signup', 'fail');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await failed;
    expect(await screen.findAllByText('Ocorreu um erro durante o registro.')).toHaveLength(1);
  });

  it('password recovery', async () => {
    const ForgotPasswordPage = await page('ForgotPasswordPage');
    render(<ForgotPasswordPage />);
    const email = await field('Email');
    await user.type(email, EMAIL);
    const failed = relay.when('POST', '/auth/v1/recover', 'fail');
    await user.click(screen.getByRole('button', { name: 'Enviar link de recuperação' }));
    await failed;
    expect(
      await screen.findAllByText('Não foi possível enviar o email de recuperação.'),
    ).toHaveLength(1);
    expect(screen.queryByText('Email enviado')).toBeNull();
  });
});

describe("'Verificando autenticação...'", () => {
  /** A stored session past its expiry: supabase-js must refresh it before answering. */
  async function expiredSession() {
    const session = await signIn();
    storeSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 });
  }

  // "Guarded areas show a loading indicator with 'Verificando autenticação...'" and
  // "/auth/reset-password ... shows 'Verificando autenticação...' while checking."
  it.each([
    ['profile page', 'ProfilePage', () => screen.queryByRole('heading', { name: 'Seu Perfil' })],
    [
      'reset-password page',
      'ResetPasswordPage',
      () => screen.queryByRole('button', { name: 'Redefinir senha' }),
    ],
  ] as const)(
    'is shown by the %s while the session is checked, then its content',
    async (_, name, content) => {
      await expiredSession();
      const refresh = relay.when('POST', '/auth/v1/token?grant_type=refresh_token', 'hold');
      const Page = await page(name);
      render(<Page />);
      expect(screen.getByRole('status').textContent).toBe('Verificando autenticação...');
      await refresh;
      expect(screen.getByText('Verificando autenticação...')).toBeTruthy();
      expect(content()).toBeNull();

      relay.releaseAll();
      await waitFor(() => expect(content()).toBeTruthy());
      expect(screen.queryByText('Verificando autenticação...')).toBeNull();
      expect(relay.seen).toContainEqual({
        method: 'POST',
        path: '/auth/v1/token?grant_type=refresh_token',
        status: 200,
      });
    },
  );
});

describe('sign-out failure', () => {
  // "Logout: ... error 'Erro ao sair. Tente novamente.'" and "Auth context logs in
  // Portuguese ... 'Erro ao sair:'".
  it("the profile's 'Sair' shows the error, logs it, and keeps the visitor signed in", async () => {
    storeSession(await signIn());
    const ProfilePage = await page('ProfilePage');
    render(<ProfilePage />);
    const leave = await screen.findByRole('button', { name: 'Sair' });
    const failed = relay.when('POST', '/auth/v1/logout', 'fail');
    await user.click(leave);
    await failed;

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao sair. Tente novamente.')).toBeTruthy();
    expect(consoleError.mock.calls.map((call) => call[0])).toContain('Erro ao sair:');
    expect(screen.getByRole('heading', { name: 'Seu Perfil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair' }).hasAttribute('disabled')).toBe(false);
    expect(localStorage.getItem('sb-127-auth-token')).not.toBeNull();
    expect(relay.seen).toContainEqual({
      method: 'POST',
      path: '/auth/v1/logout?scope=global',
      status: 500,
    });
  });

  it("the header menu's 'Sair' shows the error and keeps the menu's user", async () => {
    storeSession(await signIn());
    const { default: AccountMenu } = await import('../../src/islands/AccountMenu.tsx');
    render(<AccountMenu supabaseUrl={relay.url} />);
    await user.click(await screen.findByRole('button', { name: 'Minha Conta' }));
    const failed = relay.when('POST', '/auth/v1/logout', 'fail');
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await failed;

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao sair. Tente novamente.')).toBeTruthy();
    expect(consoleError.mock.calls.map((call) => call[0])).toContain('Erro ao sair:');
    expect(screen.getByRole('button', { name: 'Sair' }).hasAttribute('disabled')).toBe(false);
    expect(localStorage.getItem('sb-127-auth-token')).not.toBeNull();
    expect(relay.seen).toContainEqual({
      method: 'POST',
      path: '/auth/v1/logout?scope=global',
      status: 500,
    });
  });
});

describe("the header's initials", () => {
  it('follow a name saved on the profile page at once, without a reload', async () => {
    storeSession(await signIn());
    const { default: AccountMenu } = await import('../../src/islands/AccountMenu.tsx');
    const ProfilePage = await page('ProfilePage');
    render(
      <>
        <AccountMenu supabaseUrl={relay.url} />
        <ProfilePage />
      </>,
    );
    const account = await screen.findByRole('button', { name: 'Minha Conta' });
    expect(account.textContent).toContain('LS');
    const fullName = await field('Nome completo');
    await waitFor(() => expect(fullName.value).toBe('Lia Souza'));
    await user.clear(fullName);
    await user.type(fullName, 'Renata Moreira');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(account.textContent).toContain('RM'));
    await waitFor(() => expect(screen.getByTestId('profile-initials').textContent).toBe('RM'));
  });
});

// Last: once this address is limited, nobody signs in from it for the window (as hosted limits
// sign-ins per IP), so no test may come after this one.
describe("db/local's rate limits reach the forms in Portuguese", () => {
  const TOO_MANY = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

  it("sign-in: once the address's failures reach the limit, the form says to wait", async () => {
    const target = 'alvo.limite@example.com';
    // Wrong passwords from this address until Auth limits it (hosted limits sign-ins per IP).
    let status = 400;
    for (let attempt = 0; status === 400 && attempt < 50; attempt++) {
      const response = await fetch(`${dbLocalUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: target, password: `errada-${attempt}` }),
      });
      status = response.status;
    }
    expect(status).toBe(429);
    const LoginPage = await page('LoginPage');
    render(<LoginPage />);
    const email = await field('Email');
    await user.type(email, target);
    await user.type(await field('Senha'), 'mais-uma');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(TOO_MANY)).toBeTruthy();
    expect(relay.seen).toContainEqual({
      method: 'POST',
      path: '/auth/v1/token?grant_type=password',
      status: 429,
    });
  });

  it("recovery: a second request within the account's interval reads as the first, as for an address without an account", async () => {
    const ForgotPasswordPage = await page('ForgotPasswordPage');
    const ask = async (address: string) => {
      cleanup();
      render(<ForgotPasswordPage />);
      await user.type(await field('Email'), address);
      await user.click(screen.getByRole('button', { name: /Enviar/ }));
      expect(await screen.findByText('Email enviado')).toBeTruthy();
      expect(screen.queryByText(TOO_MANY)).toBeNull();
      return relay.seen.filter((request) => request.path.startsWith('/auth/v1/recover')).at(-1)
        ?.status;
    };
    // Auth refuses the account's second link within its interval (429), never nobody's.
    expect([await ask(EMAIL), await ask(EMAIL)]).toEqual([200, 429]);
    expect([await ask('ninguem@example.com'), await ask('ninguem@example.com')]).toEqual([
      200, 200,
    ]);
  });
});
