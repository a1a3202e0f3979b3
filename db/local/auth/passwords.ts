// Password rules and hashing as GoTrue applies them: at least `passwordMinLength` characters
// (weak_password with reasons), at most 72 bytes (bcrypt's limit), bcrypt hashes.
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

export function checkPassword(password: string, minLength: number) {
  if (password.length < minLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${minLength} characters.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
  if (new TextEncoder().encode(password).length > 72) {
    throw validationFailed('Password cannot be longer than 72 characters', 422);
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
