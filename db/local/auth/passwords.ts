// Password rules and hashing as GoTrue applies them (its checkPasswordStrength): at most 72 bytes
// (bcrypt's limit), then every weakness at once in one weak_password error with its reasons —
// too short, a required group of characters missing, a leaked password; bcrypt hashes.
import bcrypt from 'bcryptjs';
import type { AuthSettings } from '../config.ts';
import { AuthError, validationFailed } from './errors.ts';

type PasswordRules = Pick<
  AuthSettings,
  'passwordMinLength' | 'passwordRequiredCharacters' | 'isLeakedPassword'
>;

export function checkPassword(password: string, rules: PasswordRules) {
  if (new TextEncoder().encode(password).length > 72) {
    throw validationFailed('Password cannot be longer than 72 characters', 422);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < rules.passwordMinLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.passwordMinLength} characters.`);
  }
  const groups = rules.passwordRequiredCharacters;
  if (groups.some((group) => ![...password].some((character) => group.includes(character)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${groups.join(', ')}.`);
  }
  if (rules.isLeakedPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', messages.join(' '), {
      weak_password: { reasons },
    });
  }
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash?.startsWith('$2')) return false;
  return bcrypt.compare(password, hash);
}

const decoys = new Map<number, Promise<string>>();

/**
 * Whether `password` is the account's. Without an account (or a password) it still runs bcrypt,
 * on a decoy hash of the configured cost: an unknown e-mail takes as long as a known one.
 */
export async function passwordMatchesAccount(
  password: string,
  hash: string | null | undefined,
  cost: number,
): Promise<boolean> {
  if (hash?.startsWith('$2')) return bcrypt.compare(password, hash);
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = bcrypt.hash('senha que nenhuma conta tem', cost);
    decoys.set(cost, decoy);
  }
  await bcrypt.compare(password, await decoy);
  return false;
}
