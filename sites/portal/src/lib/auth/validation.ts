// The checks every account form makes before sending anything: the shared schemas of
// @guia-fortim/db (one home for the rules and their Portuguese messages).
import {
  changePasswordSchema,
  firstErrorMessage,
  forgotPasswordSchema,
  grantAdminSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@guia-fortim/domain';

/** null when valid, else the message to show. */
export type Check = string | null;

type Parser = {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: Parameters<typeof firstErrorMessage>[0] };
};

function check(schema: Parser, value: unknown): Check {
  const result = schema.safeParse(value);
  return result.success ? null : firstErrorMessage(result.error);
}

export function checkLogin(email: string, password: string): Check {
  return check(signInSchema, { email, password });
}

export type Registration = {
  fullName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export function checkRegistration(registration: Registration): Check {
  return check(signUpSchema, registration);
}

export function checkRecoveryEmail(email: string): Check {
  return check(forgotPasswordSchema, { email });
}

export function checkNewPassword(password: string, confirmPassword: string): Check {
  return check(resetPasswordSchema, { password, confirmPassword });
}

export function checkPasswordChange(
  currentPassword: string,
  newPassword: string,
  confirmPassword: string,
): Check {
  return check(changePasswordSchema, { currentPassword, newPassword, confirmPassword });
}

export function checkProfile(fullName: string, username: string): Check {
  return check(profileUpdateSchema, { full_name: fullName, username });
}

export function checkGrantEmail(email: string): Check {
  return check(grantAdminSchema, { user_email: email });
}
