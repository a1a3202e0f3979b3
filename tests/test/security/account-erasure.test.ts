// What deleting an account leaves behind, over HTTP: a moderator whose role change the history
// recorded (their e-mail in its label) deletes their own account after typing the password; the
// history and the trash keep the entries, with 'conta excluída' where the e-mail was.
import {
  admin,
  api,
  historyOf,
  newModerator,
  newUser,
  rows,
} from '@guia-fortim/api/testing/client';
import { newClientAddress } from '@guia-fortim/api/testing/events';
import { KIND_PATH, validListing } from '@guia-fortim/api/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { supabase } from './support/callers.ts';

describe('a deleted account', () => {
  it('leaves no e-mail in the history, and only its owner, with the password, can delete it', async () => {
    const leaving = await newUser('moderadora');
    const { token } = await admin();
    const role = await api('PUT', `/api/users/${leaving.id}/role`, {
      token,
      json: { role: 'moderator' },
    });
    expect(role.status).toBe(200);
    const [recorded] = await rows<{ id: number; label: string }>(
      'audit_log',
      `table_name=eq.user_roles&label=eq.${encodeURIComponent(`${leaving.email} (moderator)`)}`,
    );
    expect(recorded).toBeDefined();

    // The password, typed just now, opens the session that may delete the account.
    const signIn = await supabase('POST', '/auth/v1/token?grant_type=password', null, {
      json: { email: leaving.email, password: 'senha-teste-123' },
    });
    expect(signIn.status).toBe(200);
    const deleted = await supabase(
      'POST',
      '/rest/v1/rpc/delete_own_account',
      signIn.body.access_token,
      {
        json: {},
      },
    );
    expect(deleted.status).toBe(204);

    const history = await historyOf<{ label: string; actor_email: string | null }>(
      'user_roles',
      String((await rows<{ row_id: string }>('audit_log', `id=eq.${recorded?.id}`))[0]?.row_id),
    );
    expect(history.length).toBeGreaterThan(0);
    expect(JSON.stringify(history)).not.toContain(leaving.email);
    expect(history[0]?.label).toBe('conta excluída (moderator)');
    const everywhere = await rows(
      'audit_log',
      `label=ilike.*${encodeURIComponent(leaving.email)}*`,
    );
    expect(everywhere).toEqual([]);
  });

  it('takes its reviews with it: the published one, the one in the trash, their history, and its e-mail from every entry', async () => {
    const leaving = await newUser('avaliadora');
    const moderator = await newModerator();
    const { token } = await admin();
    const review = async () => {
      const listing = await api('POST', KIND_PATH.passeio, {
        token,
        json: validListing('passeio'),
      });
      const written = await api('POST', '/api/reviews', {
        token: leaving.token,
        headers: { 'CF-Connecting-IP': newClientAddress() },
        json: { kind: 'passeio', listing_id: listing.body.id, rating: 5, comment: 'Incrível.' },
      });
      expect(written.status).toBe(201);
      const id = written.body.review.id as string;
      const approved = await api('POST', `/api/reviews/${id}/moderation`, {
        token: moderator.token,
        json: { status: 'approved', seen_updated_at: written.body.review.updated_at },
      });
      expect(approved.status).toBe(200);
      return id;
    };
    const published = await review();
    const trashed = await review();
    expect(
      (await api('DELETE', `/api/reviews/${trashed}`, { token: moderator.token })).status,
    ).toBe(200);
    expect(await rows('trash', `table_name=eq.reviews&row_id=eq.${trashed}`)).toHaveLength(1);
    expect((await historyOf('reviews', published)).length).toBeGreaterThan(0);

    const signIn = await supabase('POST', '/auth/v1/token?grant_type=password', null, {
      json: { email: leaving.email, password: 'senha-teste-123' },
    });
    const deleted = await supabase(
      'POST',
      '/rest/v1/rpc/delete_own_account',
      signIn.body.access_token,
      { json: {} },
    );
    expect(deleted.status).toBe(204);

    expect(await rows('reviews', `user_id=eq.${leaving.id}`)).toEqual([]);
    expect(await rows('published_reviews', `id=in.(${published},${trashed})`)).toEqual([]);
    expect(await rows('trash', `table_name=eq.reviews&row_id=eq.${trashed}`)).toEqual([]);
    expect(await historyOf('reviews', published)).toEqual([]);
    expect(await historyOf('reviews', trashed)).toEqual([]);
    expect(await rows('audit_log', `actor_email=eq.${encodeURIComponent(leaving.email)}`)).toEqual(
      [],
    );
  });
});
