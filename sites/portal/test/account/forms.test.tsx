// @vitest-environment happy-dom
// The account forms refuse bad input with their messages before sending any request.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminSetupView } from '../../src/components/account/AdminSetupView.tsx';
import { AuthProvider, useAuth } from '../../src/components/account/AuthProvider.tsx';
import { ForgotPasswordForm } from '../../src/components/account/ForgotPasswordForm.tsx';
import { LoginForm } from '../../src/components/account/LoginForm.tsx';
import { RegisterForm } from '../../src/components/account/RegisterForm.tsx';
import { ResetPasswordForm } from '../../src/components/account/ResetPasswordForm.tsx';
import { sessionStorageKey } from '../../src/lib/auth/session-key.ts';

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.stubEnv('PUBLIC_SUPABASE_URL', 'http://127.0.0.1:9');
  vi.stubEnv('PUBLIC_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  vi.stubEnv('PUBLIC_API_URL', 'http://127.0.0.1:9');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  cleanup();
  fetchSpy.mockRestore();
  vi.unstubAllEnvs();
  localStorage.clear();
});

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('registration form', () => {
  const complete = async () => {
    await fill('Nome completo', 'Maria da Silva');
    await fill('Nome de usuário', 'maria.silva');
    await fill('Email', 'maria@example.com');
    await fill('Senha', 'segredo1');
    await fill('Confirmar senha', 'segredo1');
  };

  it.each([
    [
      'an empty field',
      async () => fill('Nome completo', ''),
      'Por favor, preencha todos os campos obrigatórios.',
    ],
    [
      'a malformed e-mail',
      async () => fill('Email', 'maria@'),
      'Por favor, insira um email válido.',
    ],
    [
      'mismatched passwords',
      async () => fill('Confirmar senha', 'segredo2'),
      'As senhas não coincidem.',
    ],
    [
      'a short password',
      async () => {
        await fill('Senha', 'segred1');
        await fill('Confirmar senha', 'segred1');
      },
      'A senha deve ter pelo menos 8 caracteres.',
    ],
    [
      'only the username empty',
      async () => fill('Nome de usuário', ''),
      'Por favor, preencha todos os campos obrigatórios.',
    ],
    [
      'a username of spaces only',
      async () => fill('Nome de usuário', '   '),
      'Por favor, preencha todos os campos obrigatórios.',
    ],
    [
      'a two-letter username',
      async () => fill('Nome de usuário', 'ma'),
      'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
    ],
    [
      'a username with spaces',
      async () => fill('Nome de usuário', 'maria silva'),
      'O nome de usuário deve ter de 3 a 30 caracteres: letras sem acento, números, ponto ou sublinhado.',
    ],
  ])('refuses %s without any request', async (_case, spoil, message) => {
    render(<RegisterForm />);
    await complete();
    await spoil();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('login form', () => {
  it('links to recovery and registration', () => {
    render(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe(
      '/auth/esqueci-senha',
    );
    expect(screen.getByRole('link', { name: 'Registre-se' }).getAttribute('href')).toBe(
      '/auth/registro',
    );
  });

  it('requires e-mail and password before any request', async () => {
    render(<LoginForm />);
    await fill('Email', 'maria@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Por favor, preencha todos os campos obrigatórios.',
    );
    await fill('Email', 'maria');
    await fill('Senha', 'segredo1');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('alert').textContent).toBe('Por favor, insira um email válido.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('forgot-password form', () => {
  it('refuses an empty or malformed e-mail without any request', async () => {
    render(<ForgotPasswordForm />);
    const send = screen.getByRole('button', { name: 'Enviar link de recuperação' });
    await userEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Por favor, insira um email válido.');
    await fill('Email', 'nobody');
    await userEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('Por favor, insira um email válido.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('reset-password form', () => {
  it('refuses mismatched or short passwords without any request', async () => {
    // The recovery link has already signed the visitor in: a stored, unexpired session.
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(
      sessionStorageKey('http://127.0.0.1:9'),
      JSON.stringify({
        access_token: 'recovery-token',
        refresh_token: 'recovery-refresh',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: expiresAt,
        user: { id: '00000000-0000-4000-8000-000000000001', email: 'rui@example.com' },
      }),
    );
    render(<ResetPasswordForm />);
    const submit = await screen.findByRole('button', { name: 'Redefinir senha' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await fill('Nova senha', 'recuperada1');
    await fill('Confirmar nova senha', 'recuperada2');
    await userEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('As senhas não coincidem.');
    await fill('Nova senha', 'abc');
    await fill('Confirmar nova senha', 'abc');
    await userEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('admin setup', () => {
  it('disables the button while empty, asks a signed-out visitor to sign in; shows the steps when signed out', async () => {
    render(
      <AuthProvider>
        <AdminSetupView />
      </AuthProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Conceder Acesso Admin' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Registrar' }).getAttribute('href')).toBe(
      '/auth/registro',
    );
    expect(screen.getByRole('link', { name: 'Entre' }).getAttribute('href')).toMatch(
      /^\/auth\/login/,
    );
    const field = screen.getByLabelText('Email do usuário') as HTMLInputElement;
    await waitFor(() => expect(field.disabled).toBe(false));
    await userEvent.type(field, 'ana@example.com');
    expect(button.hasAttribute('disabled')).toBe(false);
    await userEvent.click(button);
    expect(screen.getByRole('alert').textContent).toBe(
      'Entre com sua conta para conceder acesso de administrador.',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    const Probe = () => {
      useAuth();
      return null;
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth deve ser usado dentro de um AuthProvider');
  });
});
