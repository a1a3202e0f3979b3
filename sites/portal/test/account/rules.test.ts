import { describe, expect, it } from 'vitest';
import { grantErrorMessage } from '../../src/lib/auth/admin-grant.ts';
import { linkAlreadySent } from '../../src/lib/auth/link-already-sent.ts';
import { serviceErrorMessage } from '../../src/lib/auth/messages.ts';
import { sessionStorageKey } from '../../src/lib/auth/session-key.ts';
import {
  checkGrantEmail,
  checkNewPassword,
  checkPasswordChange,
  checkProfile,
  checkRegistration,
} from '../../src/lib/auth/validation.ts';

const valid = {
  fullName: 'Maria da Silva',
  username: 'maria.silva',
  email: 'maria@example.com',
  password: 'segredo1',
  confirmPassword: 'segredo1',
};

describe('registration rules', () => {
  it('accepts a complete, consistent form', () => {
    expect(checkRegistration(valid)).toBeNull();
  });
  // A name of spaces only is blank; a password is never trimmed (spaces are characters of it).
  it.each([
    ['fullName', ['', '   ']],
    ['username', ['', '   ']],
    ['confirmPassword', ['']],
  ] as const)('requires %s', (field, blanks) => {
    for (const blank of blanks) {
      expect(checkRegistration({ ...valid, [field]: blank })).toBe(
        'Por favor, preencha todos os campos obrigatórios.',
      );
    }
  });
  it('rejects a malformed e-mail, a bad username, a mismatch and a short password', () => {
    expect(checkRegistration({ ...valid, email: 'maria@' })).toBe(
      'Por favor, insira um email válido.',
    );
    expect(checkRegistration({ ...valid, username: 'ab' })).toMatch(/nome de usuário/);
    expect(checkRegistration({ ...valid, username: 'abc' })).toBeNull();
    expect(checkRegistration({ ...valid, username: 'a b' })).toMatch(/nome de usuário/);
    expect(checkRegistration({ ...valid, confirmPassword: 'segredo2' })).toBe(
      'As senhas não coincidem.',
    );
    expect(checkRegistration({ ...valid, password: 'segred1', confirmPassword: 'segred1' })).toBe(
      'A senha deve ter pelo menos 8 caracteres.',
    );
    expect(checkRegistration({ ...valid, password: 'segredos', confirmPassword: 'segredos' })).toBe(
      'A senha deve ter letras (a–z) e números.',
    );
    expect(checkRegistration({ ...valid, password: 'senha123', confirmPassword: 'senha123' })).toBe(
      'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
    );
  });
});

describe('password rules', () => {
  it('reset: mismatch first, then the rules of a new password', () => {
    expect(checkNewPassword('jangada1', 'jangada2')).toBe('As senhas não coincidem.');
    expect(checkNewPassword('jangad1', 'jangad1')).toBe(
      'A senha deve ter pelo menos 8 caracteres.',
    );
    expect(checkNewPassword('jangada1', 'jangada1')).toBeNull();
  });
  it('profile change: current password required and the profile wording for length', () => {
    expect(checkPasswordChange('', 'jangada1', 'jangada1')).toBe(
      'Por favor, preencha todos os campos obrigatórios.',
    );
    expect(checkPasswordChange('old', 'jangada1', 'x')).toBe('As senhas não coincidem.');
    expect(checkPasswordChange('old', 'jangad1', 'jangad1')).toBe(
      'A nova senha deve ter pelo menos 8 caracteres.',
    );
    expect(checkPasswordChange('old', 'jangada1', 'jangada1')).toBeNull();
  });
  it('profile: username pattern and full-name length', () => {
    expect(checkProfile('Maria', 'maria_1')).toBeNull();
    expect(checkProfile('', 'maria')).toMatch(/preencha/);
    expect(checkProfile('Maria', 'ma')).toMatch(/3 a 30/);
    expect(checkProfile('x'.repeat(101), 'maria')).toMatch(/100 caracteres/);
  });
  it('admin grant: empty after trimming is refused', () => {
    expect(checkGrantEmail('   ')).toBe('Por favor, insira um email válido.');
    expect(checkGrantEmail(' ana@example.com ')).toBeNull();
  });
});

describe('messages', () => {
  it("maps the grant errors of the worker to the screen's texts", () => {
    const body = (code: string, message: string) => ({ error: { code, message } });
    expect(grantErrorMessage(404, body('not_found', 'not found: usuário'))).toBe(
      'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
    );
    expect(grantErrorMessage(403, body('forbidden', 'forbidden: apenas'))).toBe(
      'Apenas administradores podem conceder acesso de admin a outros usuários.',
    );
    expect(grantErrorMessage(500, body('internal', 'boom'))).toBe(
      'Erro ao conceder acesso de administrador. Entre em contato com o suporte.',
    );
    expect(grantErrorMessage(502, null)).toBe(
      'Erro ao conceder acesso de administrador. Entre em contato com o suporte.',
    );
    expect(grantErrorMessage(401, body('unauthorized', 'Sessão inválida'))).toBe(
      'Entre com sua conta para conceder acesso de administrador.',
    );
  });
  it('never shows the server English', () => {
    expect(serviceErrorMessage({ code: 'invalid_credentials' }, 'x')).toBe(
      'Credenciais inválidas. Tente novamente.',
    );
    expect(serviceErrorMessage({ message: 'User already registered' }, 'x')).toBe(
      'Este email já está registrado.',
    );
    expect(serviceErrorMessage({ message: 'Something odd happened' }, 'fallback')).toBe('fallback');
    // Supabase Auth's CAPTCHA refused the Turnstile token (or found none).
    expect(
      serviceErrorMessage(
        {
          code: 'captcha_failed',
          message: 'captcha protection: request disallowed (invalid-input-response)',
        },
        'x',
      ),
    ).toBe(
      'Não foi possível confirmar que você não é um robô. Recarregue a página e tente novamente.',
    );
    // Supabase Auth's weak-password reasons, the most telling first.
    const weak = (reasons: string[]) =>
      serviceErrorMessage({ code: 'weak_password', reasons }, 'x');
    expect(weak(['length', 'characters'])).toBe('A senha deve ter pelo menos 8 caracteres.');
    expect(weak(['characters'])).toBe('A senha deve ter letras (a–z) e números.');
    expect(weak(['pwned'])).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');
    for (const code of ['current_password_invalid', 'current_password_required']) {
      expect(serviceErrorMessage({ code }, 'x')).toBe('Senha atual incorreta.');
    }
    expect(serviceErrorMessage({ message: 'Este nome de usuário já está em uso.' }, 'x')).toBe(
      'Este nome de usuário já está em uso.',
    );
  });
  it('tells a request that got no answer from a server that answered with an error', () => {
    // supabase-js: AuthRetryableFetchError, status 0 without an answer, 502–504 with one.
    expect(serviceErrorMessage({ message: 'Failed to fetch', status: 0 }, 'x')).toBe(
      'Não foi possível conectar. Verifique sua conexão com a internet e tente novamente.',
    );
    expect(serviceErrorMessage({ message: 'Bad Gateway', status: 502 }, 'x')).toBe('x');
    expect(serviceErrorMessage({ code: 'unexpected_failure', status: 500 }, 'x')).toBe('x');
  });
  it('derives supabase-js storage key from the project URL', () => {
    expect(sessionStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(sessionStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });
});

describe('linkAlreadySent', () => {
  it("is Auth's refusal of a second link within the account's interval, not of a spent e-mail budget", () => {
    const code = 'over_email_send_rate_limit';
    expect(
      linkAlreadySent({
        code,
        message: 'For security purposes, you can only request this after 42 seconds.',
      }),
    ).toBe(true);
    // The project's hourly budget: nothing was sent, the form must say so.
    expect(linkAlreadySent({ code, message: 'email rate limit exceeded' })).toBe(false);
    expect(
      linkAlreadySent({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
    ).toBe(false);
    expect(linkAlreadySent(null)).toBe(false);
  });
});
