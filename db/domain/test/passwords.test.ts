// The rule for a new password, at its edges: length, letters and digits, the common list; the
// same rule and messages in every form that sets one.
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  firstErrorMessage,
  hasRequiredCharacters,
  isCommonPassword,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  resetPasswordSchema,
  signUpSchema,
} from '../src/index.ts';

/** The message each form shows for `password`, or null when the form accepts it. */
function messages(password: string) {
  const read = (result: { success: boolean; error?: unknown }) =>
    result.success
      ? null
      : firstErrorMessage(result.error as Parameters<typeof firstErrorMessage>[0]);
  return {
    signUp: read(
      signUpSchema.safeParse({
        fullName: 'Ana Lima',
        username: 'ana_lima',
        email: 'ana@example.com',
        password,
        confirmPassword: password,
      }),
    ),
    reset: read(resetPasswordSchema.safeParse({ password, confirmPassword: password })),
    change: read(
      changePasswordSchema.safeParse({
        currentPassword: 'a-antiga-1',
        newPassword: password,
        confirmPassword: password,
      }),
    ),
  };
}

describe('a new password', () => {
  it('needs at least 8 characters: 7 are refused, 8 accepted, in every form', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(messages('jangada')).toMatchObject({ reset: MESSAGES.passwordShort });
    expect(messages('jangad1')).toEqual({
      signUp: MESSAGES.passwordShort,
      reset: MESSAGES.passwordShort,
      change: MESSAGES.newPasswordShort,
    });
    expect(messages('jangada1')).toEqual({ signUp: null, reset: null, change: null });
  });

  it('needs a letter and a digit: one of each is enough, accented letters do not count', () => {
    for (const refused of ['jangadas', '12345678', 'ççççãã12', '!@#$%^&*']) {
      expect(hasRequiredCharacters(refused), refused).toBe(false);
      expect(messages(refused).reset, refused).toBe(MESSAGES.passwordCharacters);
    }
    for (const accepted of ['1jangada', 'J1234567', 'ção-praia-9z']) {
      expect(hasRequiredCharacters(accepted), accepted).toBe(true);
      expect(messages(accepted).reset, accepted).toBeNull();
    }
  });

  it('is not one of the most common passwords, whatever its case', () => {
    for (const common of ['password1', 'Senha123', 'MUDAR123', 'qwerty123', 'fortim123']) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(messages(common), common).toEqual({
        signUp: MESSAGES.passwordCommon,
        reset: MESSAGES.passwordCommon,
        change: MESSAGES.passwordCommon,
      });
    }
    // One character away from a listed password is not listed.
    expect(isCommonPassword('senha1234x')).toBe(false);
    expect(messages('senha1234x').reset).toBeNull();
  });
});
