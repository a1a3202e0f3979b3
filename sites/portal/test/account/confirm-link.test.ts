// The e-mailed link's query (db/supabase's auth-emails.ts writes it): what the confirmation page
// accepts before its button may ask Auth, and what it turns away at once.
import { AUTH_EMAILS, confirmLink } from '@guia-fortim/db/auth-emails';
import { describe, expect, it } from 'vitest';
import { confirmLinkParams } from '../../src/components/account/ConfirmLinkForm.tsx';

describe('confirmLinkParams', () => {
  it.each(Object.values(AUTH_EMAILS))('reads the link the $type e-mail carries', (email) => {
    const link = new URL(confirmLink('https://guiafortim.com.br', 'pkce_ab12', email.type));
    expect(confirmLinkParams(link.search)).toEqual({ tokenHash: 'pkce_ab12', type: email.type });
  });

  it.each([
    ['no query', ''],
    ['no token hash', '?type=recovery'],
    ['an empty token hash', '?token_hash=&type=recovery'],
    ['no type', '?token_hash=ab12'],
    ['a type Auth knows but no e-mail of the portal carries', '?token_hash=ab12&type=signup'],
    ['an unknown type', '?token_hash=ab12&type=recoveryx'],
    ["an object's own key", '?token_hash=ab12&type=__proto__'],
  ])('turns away %s', (_, search) => {
    expect(confirmLinkParams(search)).toBeNull();
  });
});
