// What a new password must be besides long enough (PASSWORD_MIN_LENGTH): the one home of the rule
// the account forms check and db/local enforces as Supabase Auth does.
import { PASSWORD_REQUIRED_CHARACTERS } from './constants.ts';

export { isCommonPassword } from './common-passwords.ts';

/** At least one character of each required group, as Supabase Auth counts them. */
export function hasRequiredCharacters(password: string): boolean {
  return PASSWORD_REQUIRED_CHARACTERS.every((group) =>
    [...password].some((character) => group.includes(character)),
  );
}
