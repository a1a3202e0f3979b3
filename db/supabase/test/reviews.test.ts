// Visitors' reviews, as the API roles on PGlite and PostgreSQL 17: every rule at its edges
// (stars, comment, reason, once per place, limits per account and per address, a confirmed
// e-mail, the worker's key), who may call each function and read each view, the history and the
// trash, and the deletion of an account (LGPD). Every test runs in a transaction that is rolled
// back; the superuser only sets up or ages rows.

import { randomUUID } from 'node:crypto';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_DB_ERROR,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_REASON_MAX,
} from '@guia-fortim/domain';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actAs,
  anon,
  attempt,
  type Caller,
  type DbError,
  inRollback,
  must,
  serviceRole,
} from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import {
  createUser,
  type FixtureUser,
  insertRow,
  makeAdmin,
  VALID_ROWS,
} from './support/fixtures.ts';

const KEY = 'chave-das-avaliacoes-'.padEnd(48, 'x');
type Row = Record<string, unknown>;
type Result = { review: Row | null; public_changed: boolean };

const refused = (code: string, message: string) => ({ code, message });
const NOT_FOUND = refused('GF002', REVIEW_MESSAGES.reviewNotFound);
const NO_PERMISSION = { code: '42501' };

describe.each(ENGINES)('reviews on %s', (engine) => {
  let db: TestDatabase;
  let author: FixtureUser;
  let other: FixtureUser;
  let third: FixtureUser;
  let unconfirmed: FixtureUser;
  let moderator: FixtureUser;
  let admin: FixtureUser;
  /** One listing of each kind, and more places to review. */
  let places: { kind: 'hospedagem' | 'comercio' | 'passeio'; id: string }[];

  beforeAll(async () => {
    db = await openDatabase(engine);
    author = await createUser(db.sql, 'autora');
    other = await createUser(db.sql, 'outra', { full_name: '' });
    third = await createUser(db.sql, 'terceira');
    unconfirmed = await createUser(db.sql, 'semconfirmar');
    await db.sql.query('update auth.users set email_confirmed_at = null where id = $1', [
      unconfirmed.id,
    ]);
    moderator = await createUser(db.sql, 'moderadora');
    await db.sql.query(`update public.user_roles set role = 'moderator' where user_id = $1`, [
      moderator.id,
    ]);
    admin = await createUser(db.sql, 'chefe');
    await makeAdmin(db.sql, admin);
    places = [];
    for (let i = 0; i < 4; i++) {
      places.push({
        kind: 'hospedagem',
        id: String((await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens())).id),
      });
    }
    places.push({
      kind: 'comercio',
      id: String((await insertRow(db.sql, 'comercios', VALID_ROWS.comercios())).id),
    });
    places.push({
      kind: 'passeio',
      id: String((await insertRow(db.sql, 'passeios', VALID_ROWS.passeios())).id),
    });
    // as the operator sets it (the claims are transaction-local)
    await db.sql.exec('begin');
    await actAs(db.sql, serviceRole);
    await db.sql.query('select public.set_review_key($1)', [KEY]);
    await db.sql.exec('commit');
  });
  afterAll(async () => {
    await db?.close();
  });

  const place = (i: number) => {
    const p = places[i];
    if (!p) throw new Error(`sem lugar ${i}`);
    return p;
  };

  async function asOwner(): Promise<void> {
    await db.sql.exec('reset role');
    await db.sql.query(`select set_config('request.jwt.claims', '', true)`);
  }

  async function as(who: FixtureUser | Caller): Promise<void> {
    await actAs(db.sql, 'caller' in who ? who.caller : who);
  }

  async function call(
    who: FixtureUser | Caller,
    text: string,
    params: unknown[],
  ): Promise<{ result?: Result; error?: DbError }> {
    await as(who);
    const r = await attempt<{ r: Result }>(db.sql, `select ${text} as r`, params);
    return r.error ? { error: r.error } : { result: r.rows[0]?.r };
  }

  const submit = (
    who: FixtureUser | Caller,
    i: number,
    rating: number | null = 5,
    comment: string | null = 'Muito bom.',
    client = 'cliente-a',
    key: string | null = KEY,
  ) =>
    call(who, 'public.submit_review($1, $2, $3, $4, $5, $6)', [
      place(i).kind,
      place(i).id,
      rating,
      comment,
      client,
      key,
    ]);
  const edit = (
    who: FixtureUser | Caller,
    id: unknown,
    rating = 4,
    comment = 'Mudei de ideia.',
    client = 'cliente-a',
    key: string | null = KEY,
  ) => call(who, 'public.edit_review($1, $2, $3, $4, $5)', [id, rating, comment, client, key]);
  const report = (
    who: FixtureUser | Caller,
    id: unknown,
    client = 'cliente-b',
    key: string | null = KEY,
  ) => call(who, 'public.report_review($1, $2, $3)', [id, client, key]);
  /** The review's updated_at as the database holds it, to the microsecond (none when it is gone). */
  async function seenAt(id: unknown): Promise<string | null> {
    await asOwner();
    const [row] = await must<{ at: string }>(
      db.sql,
      `select to_jsonb(r.updated_at) #>> '{}' as at from public.reviews r where id = $1`,
      [id],
    );
    return row?.at ?? null;
  }
  /** A decision on the review as it stands now, unless `seen` says what the moderator read. */
  const moderate = async (
    who: FixtureUser | Caller,
    id: unknown,
    status: string,
    reason?: string,
    seen?: string | null,
  ) =>
    call(who, 'public.moderate_review($1, $2, $3, $4)', [
      id,
      status,
      seen === undefined ? await seenAt(id) : seen,
      reason ?? null,
    ]);
  const remove = (who: FixtureUser | Caller, id: unknown) =>
    call(who, 'public.delete_review($1)', [id]);

  /** A review written by `who` on place `i`, its id. */
  async function written(who: FixtureUser, i: number, client = 'cliente-a'): Promise<string> {
    const { result, error } = await submit(who, i, 5, 'Muito bom.', client);
    if (error || !result?.review) throw new Error(`submit_review: ${error?.message}`);
    return String(result.review.id);
  }

  async function approved(who: FixtureUser, i: number): Promise<string> {
    const id = await written(who, i);
    const { error } = await moderate(moderator, id, 'approved');
    if (error) throw new Error(error.message);
    return id;
  }

  async function rowOf(id: unknown): Promise<Row | undefined> {
    await asOwner();
    const [row] = await must<{ row: Row }>(
      db.sql,
      'select to_jsonb(r) as row from public.reviews r where id = $1',
      [id],
    );
    return row?.row;
  }

  /** The action of the review's latest history entry. */
  async function lastAction(id: unknown): Promise<string | undefined> {
    await asOwner();
    const [row] = await must<{ action: string }>(
      db.sql,
      `select action from public.audit_log where table_name = 'reviews' and row_id = $1
       order by id desc limit 1`,
      [id],
    );
    return row?.action;
  }

  async function published(who: FixtureUser | Caller = anon): Promise<Row[]> {
    await as(who);
    return must<Row>(db.sql, 'select * from public.published_reviews order by created_at');
  }

  describe('the rules', () => {
    it("the limits are the domain's REVIEW_LIMITS", async () => {
      await asOwner();
      const [limits] = await must<Row>(
        db.sql,
        `select private.review_limit('window_hours') as window_hours,
                private.review_limit('account_writes') as account_writes,
                private.review_limit('account_reports') as account_reports,
                private.review_limit('address_writes') as address_writes,
                private.review_limit('address_reports') as address_reports`,
      );
      expect(limits).toEqual({
        window_hours: REVIEW_LIMITS.windowHours,
        account_writes: REVIEW_LIMITS.perAccount.writes,
        account_reports: REVIEW_LIMITS.perAccount.reports,
        address_writes: REVIEW_LIMITS.perAddress.writes,
        address_reports: REVIEW_LIMITS.perAddress.reports,
      });
    });

    it('stars: 1 and 5 pass, 0 and 6 are refused', async () => {
      await inRollback(db.sql, async () => {
        const rating = refused('22023', REVIEW_MESSAGES.rating);
        expect((await submit(author, 0, 0)).error).toMatchObject(rating);
        expect((await submit(author, 0, 6)).error).toMatchObject(rating);
        expect((await submit(author, 0, null)).error).toMatchObject(rating);
        expect((await submit(author, 0, 1)).result?.review).toMatchObject({ rating: 1 });
        expect((await submit(author, 1, 5)).result?.review).toMatchObject({ rating: 5 });
      });
    });

    it('comment: 1000 characters (trimmed) pass; 1001, blank or none are refused', async () => {
      await inRollback(db.sql, async () => {
        const long = 'a'.repeat(REVIEW_COMMENT_MAX);
        expect((await submit(author, 0, 5, `${long}a`)).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.commentTooLong),
        );
        expect((await submit(author, 0, 5, ' \n\t ')).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.commentRequired),
        );
        expect((await submit(author, 0, 5, null)).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.commentRequired),
        );
        const { result } = await submit(author, 0, 5, `  ${long}\n`);
        expect(result?.review?.comment).toBe(long);
        expect(result).toMatchObject({ review: { status: 'pending' }, public_changed: false });
      });
    });

    it('once per place: the second review of the same place points to editing', async () => {
      await inRollback(db.sql, async () => {
        await written(author, 0);
        expect((await submit(author, 0)).error).toMatchObject(
          refused(REVIEW_DB_ERROR.alreadyReviewed, REVIEW_MESSAGES.alreadyReviewed),
        );
        // another place, or another visitor on the same place, is fine
        expect((await submit(author, 4)).error).toBeUndefined();
        expect((await submit(other, 0)).error).toBeUndefined();
      });
    });

    it('the place must exist, of the kind given', async () => {
      await inRollback(db.sql, async () => {
        const missing = refused('GF002', REVIEW_MESSAGES.listingNotFound);
        await as(author);
        const unknown = await attempt(
          db.sql,
          'select public.submit_review($1, $2, 5, $3, $4, $5)',
          ['hospedagem', randomUUID(), 'Bom.', 'cliente-a', KEY],
        );
        expect(unknown.error).toMatchObject(missing);
        const wrongKind = await attempt(
          db.sql,
          'select public.submit_review($1, $2, 5, $3, $4, $5)',
          ['passeio', place(0).id, 'Bom.', 'cliente-a', KEY],
        );
        expect(wrongKind.error).toMatchObject(missing);
      });
    });

    it('a confirmed e-mail, a signed-in caller and the worker’s key are needed to write', async () => {
      await inRollback(db.sql, async () => {
        expect((await submit(unconfirmed, 0)).error).toMatchObject(
          refused(REVIEW_DB_ERROR.emailUnconfirmed, REVIEW_MESSAGES.confirmEmail),
        );
        const siteOnly = refused('42501', REVIEW_MESSAGES.siteOnly);
        expect((await submit(author, 0, 5, 'Bom.', 'c', null)).error).toMatchObject(siteOnly);
        expect((await submit(author, 0, 5, 'Bom.', 'c', `${KEY}y`)).error).toMatchObject(siteOnly);
        expect((await submit(anon, 0)).error).toMatchObject(NO_PERMISSION);
        const id = await written(author, 0);
        expect((await edit(unconfirmed, id)).error).toMatchObject(
          refused(REVIEW_DB_ERROR.emailUnconfirmed, REVIEW_MESSAGES.confirmEmail),
        );
        expect((await report(unconfirmed, id)).error).toMatchObject(
          refused(REVIEW_DB_ERROR.emailUnconfirmed, REVIEW_MESSAGES.confirmEmailToReport),
        );
        expect((await edit(author, id, 4, 'Outro.', 'c', null)).error).toMatchObject(siteOnly);
        expect((await report(other, id, 'c', null)).error).toMatchObject(siteOnly);
      });
    });

    it('a signed-out token writes nothing (the session it names must be live)', async () => {
      await inRollback(db.sql, async () => {
        await as(author);
        await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ role: 'authenticated', sub: author.id, session_id: randomUUID() }),
        ]);
        const r = await attempt(db.sql, 'select public.submit_review($1, $2, 5, $3, $4, $5)', [
          place(0).kind,
          place(0).id,
          'Bom.',
          'c',
          KEY,
        ]);
        expect(r.error).toMatchObject(refused('42501', REVIEW_MESSAGES.signIn));
      });
    });
  });

  describe('limits', () => {
    const accountWrites = refused(REVIEW_DB_ERROR.limit, REVIEW_MESSAGES.accountWrites);
    const addressWrites = refused(REVIEW_DB_ERROR.limit, REVIEW_MESSAGES.addressWrites);

    it(`an account writes ${REVIEW_LIMITS.perAccount.writes} times a day (reviews and edits), not one more`, async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0, 'cliente-1');
        for (let n = 2; n <= REVIEW_LIMITS.perAccount.writes; n++) {
          expect((await edit(author, id, 4, `Edição ${n}`, `cliente-${n}`)).error).toBeUndefined();
        }
        expect((await edit(author, id, 4, 'Mais uma', 'cliente-novo')).error).toMatchObject(
          accountWrites,
        );
        expect((await submit(author, 1, 5, 'Outro lugar', 'cliente-novo')).error).toMatchObject(
          accountWrites,
        );
        // a day later the oldest write no longer counts
        await asOwner();
        await db.sql.query(
          `update private.review_activity set at = now() - interval '24 hours 1 second'
           where id = (select min(id) from private.review_activity where user_id = $1)`,
          [author.id],
        );
        expect((await edit(author, id, 4, 'Amanhã', 'cliente-novo')).error).toBeUndefined();
      });
    });

    it(`an address writes ${REVIEW_LIMITS.perAddress.writes} times a day, whichever accounts write`, async () => {
      await inRollback(db.sql, async () => {
        const perAccount = REVIEW_LIMITS.perAccount.writes;
        let left: number = REVIEW_LIMITS.perAddress.writes;
        for (const [i, who] of [author, other, third].entries()) {
          if (left === 0) break;
          const id = await written(who, i, 'rede');
          left--;
          for (let n = 1; n < perAccount && left > 0; n++, left--) {
            expect((await edit(who, id, 3, `Edição ${n}`, 'rede')).error).toBeUndefined();
          }
        }
        expect(left).toBe(0);
        expect((await submit(moderator, 4, 5, 'Da mesma rede', 'rede')).error).toMatchObject(
          addressWrites,
        );
        // another address is another count
        expect(
          (await submit(moderator, 4, 5, 'De outra rede', 'outra-rede')).error,
        ).toBeUndefined();
      });
    });

    it('the counts (with the network pseudonym) are discarded every hour once past the window, though nobody writes again', async () => {
      const [job] = await must<{ schedule: string; command: string; active: boolean }>(
        db.sql,
        `select schedule, command, active from cron.job where jobname = 'guia-fortim-prune-review-activity'`,
      );
      // pg_cron's schedule: every hour, so nothing outlives the window by more than an hour
      expect(job).toEqual({
        schedule: '41 * * * *',
        command: 'select private.prune_review_activity()',
        active: true,
      });
      await inRollback(db.sql, async () => {
        await written(author, 0, 'rede-antiga');
        await written(other, 0, 'rede-recente');
        await asOwner();
        const hours = REVIEW_LIMITS.windowHours;
        await db.sql.query(
          `update private.review_activity set at = now() - make_interval(hours => $1, secs => 1)
           where client = 'rede-antiga'`,
          [hours],
        );
        await db.sql.query(
          `update private.review_activity set at = now() - make_interval(hours => $1, secs => -1)
           where client = 'rede-recente'`,
          [hours],
        );
        // as pg_cron runs it: the database owner, no API caller at all
        await must(db.sql, job?.command ?? '');
        const left = await must<{ client: string }>(
          db.sql,
          `select client from private.review_activity where client in ('rede-antiga', 'rede-recente')`,
        );
        expect(left.map((r) => r.client)).toEqual(['rede-recente']);
      });
    });

    it(`reports: ${REVIEW_LIMITS.perAccount.reports} a day per account, ${REVIEW_LIMITS.perAddress.reports} per address`, async () => {
      await inRollback(db.sql, async () => {
        const id = await approved(author, 0);
        for (let n = 1; n <= REVIEW_LIMITS.perAccount.reports; n++) {
          expect((await report(other, id, `r-${n}`)).error).toBeUndefined();
        }
        expect((await report(other, id, 'r-nova')).error).toMatchObject(
          refused(REVIEW_DB_ERROR.limit, REVIEW_MESSAGES.accountReports),
        );
        for (let n = 1; n <= REVIEW_LIMITS.perAddress.reports; n++) {
          const who = n <= REVIEW_LIMITS.perAccount.reports ? third : moderator;
          expect((await report(who, id, 'rede')).error).toBeUndefined();
        }
        expect((await report(admin, id, 'rede')).error).toMatchObject(
          refused(REVIEW_DB_ERROR.limit, REVIEW_MESSAGES.addressReports),
        );
      });
    });
  });

  describe('the life of a review', () => {
    it('the author edits it: back to pending, reason and report cleared; nobody else may', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        await moderate(admin, id, 'rejected', 'Fala de outro lugar.');
        expect(await rowOf(id)).toMatchObject({
          status: 'rejected',
          rejection_reason: 'Fala de outro lugar.',
          moderated_by: admin.id,
        });
        for (const who of [other, moderator, admin]) {
          expect((await edit(who, id)).error).toMatchObject(NOT_FOUND);
        }
        const { result } = await edit(author, id, 2, '  Melhorou pouco.  ');
        expect(result).toMatchObject({
          review: {
            status: 'pending',
            rating: 2,
            comment: 'Melhorou pouco.',
            rejection_reason: null,
          },
          public_changed: false,
        });
        await moderate(moderator, id, 'approved');
        expect((await edit(author, id)).result).toMatchObject({
          review: { status: 'pending', moderated_at: null, moderated_by: null },
          public_changed: true,
        });
      });
    });

    it('moderation: staff only; a rejection needs a reason of at most 300 characters', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        for (const who of [author, other]) {
          expect((await moderate(who, id, 'approved')).error).toMatchObject(NO_PERMISSION);
        }
        expect((await moderate(anon, id, 'approved')).error).toMatchObject(NO_PERMISSION);
        expect((await moderate(moderator, id, 'pending')).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.status),
        );
        expect((await moderate(moderator, id, 'rejected')).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.reasonRequired),
        );
        expect((await moderate(moderator, id, 'rejected', '   ')).error).toMatchObject(
          refused('22023', REVIEW_MESSAGES.reasonRequired),
        );
        expect(
          (await moderate(moderator, id, 'rejected', 'x'.repeat(REVIEW_REASON_MAX + 1))).error,
        ).toMatchObject(refused('22023', REVIEW_MESSAGES.reasonTooLong));
        const reason = 'x'.repeat(REVIEW_REASON_MAX);
        expect((await moderate(moderator, id, 'rejected', ` ${reason} `)).result).toMatchObject({
          review: { status: 'rejected', rejection_reason: reason },
          public_changed: false,
        });
        expect((await moderate(admin, id, 'approved', 'ignorado')).result).toMatchObject({
          review: { status: 'approved', rejection_reason: null, moderated_by: admin.id },
          public_changed: true,
        });
        expect((await moderate(moderator, randomUUID(), 'approved')).error).toMatchObject(
          NOT_FOUND,
        );
      });
    });

    it('staff never decide on their own review; another staff member does', async () => {
      await inRollback(db.sql, async () => {
        const own = refused(REVIEW_DB_ERROR.ownReview, REVIEW_MESSAGES.ownReview);
        const mine = await written(moderator, 0);
        expect((await moderate(moderator, mine, 'approved')).error).toMatchObject(own);
        expect((await moderate(moderator, mine, 'rejected', 'Não gostei.')).error).toMatchObject(
          own,
        );
        expect(await rowOf(mine)).toMatchObject({ status: 'pending', moderated_by: null });
        expect((await moderate(admin, mine, 'approved')).result).toMatchObject({
          review: { status: 'approved', moderated_by: admin.id },
        });
        const admins = await written(admin, 0);
        expect((await moderate(admin, admins, 'approved')).error).toMatchObject(own);
        expect((await moderate(moderator, admins, 'approved')).error).toBeUndefined();
      });
    });

    it('a decision holds for the text the moderator read: the same updated_at passes, one microsecond later is refused', async () => {
      await inRollback(db.sql, async () => {
        const changed = refused(REVIEW_DB_ERROR.changed, REVIEW_MESSAGES.changed);
        const id = await written(author, 0);
        // written an hour ago: the author's edit below, in this same transaction, then changes
        // updated_at (now()) as an edit in its own transaction does (the touch trigger is off
        // for this setup alone)
        await asOwner();
        await db.sql.exec('set local session_replication_role = replica');
        await db.sql.query(
          `update public.reviews set updated_at = now() - interval '1 hour' where id = $1`,
          [id],
        );
        await db.sql.exec('set local session_replication_role = origin');
        const read = await seenAt(id);
        await asOwner();
        const [later] = await must<{ at: string }>(
          db.sql,
          `select to_jsonb($1::timestamptz + interval '1 microsecond') #>> '{}' as at`,
          [read],
        );
        expect(
          (await moderate(moderator, id, 'approved', undefined, later?.at)).error,
        ).toMatchObject(changed);
        expect((await moderate(moderator, id, 'approved', undefined, null)).error).toMatchObject(
          changed,
        );
        // the author edits after the moderator read it: what they read is not what would be approved
        await edit(author, id, 2, 'Texto novo que ninguém leu.');
        expect((await moderate(moderator, id, 'approved', undefined, read)).error).toMatchObject(
          changed,
        );
        expect((await moderate(moderator, id, 'rejected', 'Ofensivo.', read)).error).toMatchObject(
          changed,
        );
        expect(await rowOf(id)).toMatchObject({
          status: 'pending',
          comment: 'Texto novo que ninguém leu.',
        });
        const reread = await seenAt(id);
        expect((await moderate(moderator, id, 'approved', undefined, reread)).result).toMatchObject(
          {
            review: { status: 'approved', comment: 'Texto novo que ninguém leu.' },
          },
        );
      });
    });

    it('Denunciar sends a published review back to the queue; any other stays as it is', async () => {
      await inRollback(db.sql, async () => {
        const id = await approved(author, 0);
        expect((await published()).map((r) => r.id)).toContain(id);
        expect((await report(other, id)).result).toMatchObject({ public_changed: true });
        const row = await rowOf(id);
        expect(row).toMatchObject({ status: 'pending' });
        expect(row?.reported_at).not.toBeNull();
        expect((await published()).map((r) => r.id)).not.toContain(id);
        expect((await report(third, id)).result).toEqual({ review: null, public_changed: false });
        expect((await report(other, randomUUID())).error).toMatchObject(NOT_FOUND);
        expect((await report(anon, id)).error).toMatchObject(NO_PERMISSION);
        // approving it again clears the report
        await moderate(moderator, id, 'approved');
        expect(await rowOf(id)).toMatchObject({ status: 'approved', reported_at: null });
      });
    });

    it('delete: the author’s is gone for good, staff’s goes to the trash and comes back', async () => {
      await inRollback(db.sql, async () => {
        const mine = await approved(author, 0);
        expect((await remove(other, mine)).error).toMatchObject(NOT_FOUND);
        expect((await remove(anon, mine)).error).toMatchObject(NO_PERMISSION);
        expect((await remove(author, mine)).result).toMatchObject({
          review: { id: mine, listing_kind: place(0).kind, listing_id: place(0).id },
          public_changed: true,
        });
        expect(await rowOf(mine)).toBeUndefined();
        // gone for good, not to the trash: the history says so
        expect(await lastAction(mine)).toBe('purge');
        await asOwner();
        expect(
          await must(
            db.sql,
            `select 1 from public.trash where table_name = 'reviews' and row_id = $1`,
            [mine],
          ),
        ).toEqual([]);

        const theirs = await approved(other, 0);
        expect((await remove(moderator, theirs)).result).toMatchObject({ public_changed: true });
        expect(await lastAction(theirs)).toBe('delete');
        await as(moderator);
        const [item] = await must<{ id: string; label: string; data: Row }>(
          db.sql,
          `select id::text, label, data from public.trash where table_name = 'reviews' and row_id = $1`,
          [theirs],
        );
        expect(item?.label).toMatch(/^Avaliação \(5★\) de Pousada Teste/);
        expect(JSON.stringify(item)).not.toContain('@');
        // the author cannot restore; staff can, with its status
        expect(
          (await call(other, 'public.restore_from_trash($1)', [item?.id])).error,
        ).toMatchObject(NO_PERMISSION);
        expect(
          (await call(moderator, 'public.restore_from_trash($1)', [item?.id])).error,
        ).toBeUndefined();
        expect(await rowOf(theirs)).toMatchObject({ status: 'approved', user_id: other.id });

        // a review written again meanwhile keeps the trashed one from returning
        await remove(admin, theirs);
        await asOwner();
        const [again] = await must<{ id: string }>(
          db.sql,
          `select id::text from public.trash where table_name = 'reviews' and row_id = $1`,
          [theirs],
        );
        await written(other, 0);
        expect(
          (await call(admin, 'public.restore_from_trash($1)', [again?.id])).error,
        ).toMatchObject(refused('GF008', REVIEW_MESSAGES.restoreConflict));
      });
    });

    it('the history records each change, named without any e-mail; staff read it', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        await moderate(moderator, id, 'approved');
        await report(other, id);
        await edit(author, id);
        await remove(admin, id);
        await as(moderator);
        const entries = await must<Row>(
          db.sql,
          `select action, actor_id::text, actor_email, label, changed from public.audit_log
           where table_name = 'reviews' and row_id = $1 order by id`,
          [id],
        );
        // a visitor is 'Visitante' (moderators read this history, not other accounts' e-mails)
        expect(entries.map((e) => [e.action, e.actor_id, e.actor_email])).toEqual([
          ['insert', author.id, 'Visitante'],
          ['update', moderator.id, moderator.email],
          ['update', other.id, 'Visitante'],
          ['update', author.id, 'Visitante'],
          ['delete', admin.id, admin.email],
        ]);
        for (const e of entries) {
          expect(String(e.label)).toMatch(/^Avaliação \(\d★\) de Pousada Teste/);
          expect(String(e.label)).not.toContain('@');
        }
        await as(author);
        expect(
          await must(db.sql, `select 1 from public.audit_log where table_name = 'reviews'`),
        ).toEqual([]);
      });
    });

    it('a place purged from the trash takes its reviews, those in the trash too; a restored one keeps them', async () => {
      await inRollback(db.sql, async () => {
        const kept = await approved(author, 1);
        const gone = await approved(author, 2);
        const trashedToo = await approved(other, 2);
        await remove(moderator, trashedToo);
        await as(admin);
        await db.sql.query('delete from public.hospedagens where id = any($1::uuid[])', [
          [place(1).id, place(2).id],
        ]);
        expect((await published()).map((r) => r.id)).not.toContain(kept);
        const trashId = async (row: string) =>
          (
            await must<{ id: string }>(
              db.sql,
              `select id::text from public.trash where table_name = 'hospedagens' and row_id = $1`,
              [row],
            )
          )[0]?.id;
        await as(admin);
        const back = await trashId(place(1).id);
        const purged = await trashId(place(2).id);
        await must(db.sql, 'select public.restore_from_trash($1)', [back]);
        await must(db.sql, 'select public.purge_from_trash($1)', [purged]);
        expect(await rowOf(kept)).toBeDefined();
        expect(await rowOf(gone)).toBeUndefined();
        // the place's reviews went for good with it, not to the trash
        expect(await lastAction(gone)).toBe('purge');
        await asOwner();
        expect(
          await must(
            db.sql,
            `select 1 from public.trash where table_name = 'reviews' and row_id = $1`,
            [trashedToo],
          ),
        ).toEqual([]);
        expect((await published()).map((r) => r.id)).toContain(kept);
      });
    });
  });

  describe('who reads what', () => {
    it('reviews: the author their own (any status, with the reason), staff all, others none, anon nothing', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        await moderate(moderator, id, 'rejected', 'Linguagem ofensiva.');
        const sees = async (who: FixtureUser) => {
          await as(who);
          return must<Row>(db.sql, 'select id::text, rejection_reason from public.reviews');
        };
        expect(await sees(author)).toEqual([{ id, rejection_reason: 'Linguagem ofensiva.' }]);
        expect(await sees(other)).toEqual([]);
        expect(await sees(moderator)).toEqual([{ id, rejection_reason: 'Linguagem ofensiva.' }]);
        expect(await sees(admin)).toHaveLength(1);
        await as(anon);
        expect((await attempt(db.sql, 'select 1 from public.reviews')).error).toMatchObject(
          NO_PERMISSION,
        );
      });
    });

    it('nobody writes the table directly, not even staff (only the functions)', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        for (const who of [author, moderator, admin]) {
          await as(who);
          for (const text of [
            `update public.reviews set status = 'approved' where id = $1`,
            'delete from public.reviews where id = $1',
            `insert into public.reviews (id, user_id, listing_kind, listing_id, rating, comment)
             select gen_random_uuid(), user_id, listing_kind, listing_id, 5, 'x'
             from public.reviews where id = $1`,
          ]) {
            expect((await attempt(db.sql, text, [id])).error).toMatchObject(NO_PERMISSION);
          }
        }
        expect(await rowOf(id)).toMatchObject({ status: 'pending' });
      });
    });

    it('published_reviews: approved reviews of places that exist, for everyone, without the account', async () => {
      await inRollback(db.sql, async () => {
        const shown = await approved(author, 0);
        const nameless = await approved(other, 0);
        await written(third, 0);
        const rejected = await written(author, 4);
        await moderate(admin, rejected, 'rejected', 'Não.');
        const orphan = await approved(author, 3);
        await as(admin);
        await db.sql.query('delete from public.hospedagens where id = $1', [place(3).id]);
        for (const who of [anon, author, other, moderator, admin, serviceRole] as const) {
          const rows = await published(who);
          expect(rows.map((r) => r.id).sort()).toEqual([shown, nameless].sort());
        }
        const [row] = await published();
        expect(Object.keys(row ?? {}).sort()).toEqual(
          [
            'author_name',
            'comment',
            'created_at',
            'id',
            'listing_id',
            'listing_kind',
            'rating',
            'updated_at',
          ].sort(),
        );
        const names = Object.fromEntries((await published()).map((r) => [r.id, r.author_name]));
        // the profile's name, else the user name
        expect(names[shown]).toBe('Pessoa autora');
        expect(names[nameless]).toBe('outra');
        expect(JSON.stringify(await published())).not.toContain('@');
        expect(orphan).toBeDefined();
        await as(anon);
        expect(
          (
            await attempt(db.sql, `update public.published_reviews set rating = 1 where id = $1`, [
              shown,
            ])
          ).error,
        ).toMatchObject(NO_PERMISSION);
      });
    });

    it('the author without profile names is a Visitante', async () => {
      await inRollback(db.sql, async () => {
        const id = await approved(third, 0);
        await asOwner();
        await db.sql.query(
          'update public.profiles set full_name = null, username = null where id = $1',
          [third.id],
        );
        expect((await published()).find((r) => r.id === id)?.author_name).toBe('Visitante');
      });
    });

    it('review_queue: every review for staff, no row for anyone else, nothing for anon', async () => {
      await inRollback(db.sql, async () => {
        const id = await written(author, 0);
        const queue = async (who: FixtureUser | Caller) => {
          await as(who);
          return must<Row>(db.sql, 'select * from public.review_queue');
        };
        const [row] = await queue(moderator);
        expect(row).toMatchObject({
          id,
          status: 'pending',
          listing_kind: place(0).kind,
          listing_id: place(0).id,
          author_name: 'Pessoa autora',
          is_own: false,
        });
        expect(String(row?.listing_name)).toMatch(/^Pousada Teste/);
        expect(row?.listing_slug).toBeTruthy();
        expect(Object.keys(row ?? {})).not.toContain('user_id');
        expect(await queue(admin)).toHaveLength(1);
        expect(await queue(serviceRole)).toHaveLength(1);
        expect(await queue(author)).toEqual([]);
        expect(await queue(other)).toEqual([]);
        // the reader's own review says so (the panel offers no decision on it)
        const own = await written(moderator, 1);
        expect((await queue(moderator)).map((r) => [r.id, r.is_own])).toEqual(
          expect.arrayContaining([
            [id, false],
            [own, true],
          ]),
        );
        expect((await queue(admin)).find((r) => r.id === own)).toMatchObject({ is_own: false });
        await as(anon);
        expect((await attempt(db.sql, 'select 1 from public.review_queue')).error).toMatchObject(
          NO_PERMISSION,
        );
      });
    });

    it('only the service role sets the review key, of at least 32 characters', async () => {
      await inRollback(db.sql, async () => {
        for (const who of [anon, author, admin] as const) {
          expect((await call(who, 'public.set_review_key($1)', [KEY])).error).toMatchObject(
            NO_PERMISSION,
          );
        }
        expect(
          (await call(serviceRole, 'public.set_review_key($1)', ['x'.repeat(31)])).error,
        ).toMatchObject({ code: '22023' });
        await as(serviceRole);
        await must(db.sql, 'select public.set_review_key($1)', [`${KEY}novo`]);
        expect((await submit(author, 0)).error).toMatchObject(
          refused('42501', REVIEW_MESSAGES.siteOnly),
        );
        expect((await submit(author, 0, 5, 'Bom.', 'c', `${KEY}novo`)).error).toBeUndefined();
      });
    });
  });

  describe('deleting an account (LGPD)', () => {
    /** Acts as `who` right after a password sign-in, as delete_own_account asks. */
    async function signedInJustNow(who: FixtureUser): Promise<void> {
      const session = randomUUID();
      await asOwner();
      await db.sql.query(
        `insert into auth.sessions (id, user_id, amr_method) values ($1, $2, 'password')`,
        [session, who.id],
      );
      await as(who);
      await db.sql.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({
          role: 'authenticated',
          sub: who.id,
          email: who.email,
          session_id: session,
          amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        }),
      ]);
    }

    async function traces(who: FixtureUser): Promise<Row> {
      await asOwner();
      const [row] = await must<Row>(
        db.sql,
        `select (select count(*)::int from public.reviews where user_id = $1) as reviews,
                (select count(*)::int from public.trash
                 where table_name = 'reviews' and data ->> 'user_id' = $1::text) as trashed,
                (select count(*)::int from public.audit_log
                 where table_name = 'reviews' and coalesce(after, before) ->> 'user_id' = $1::text)
                  as history,
                (select count(*)::int from public.audit_log a
                 where strpos(to_jsonb(a)::text, $2) > 0) as emails,
                (select count(*)::int from private.review_activity where user_id = $1) as activity`,
        [who.id, who.email],
      );
      return row ?? {};
    }

    for (const how of ['by its owner', 'by an operator'] as const) {
      it(`${how}: its reviews, their trash copies and history go; no entry keeps its e-mail`, async () => {
        await inRollback(db.sql, async () => {
          // a moderator who also reviews: the entries they made carry their e-mail until then
          const leaving = await createUser(db.sql, `saindo${how.length}`);
          await db.sql.query(`update public.user_roles set role = 'moderator' where user_id = $1`, [
            leaving.id,
          ]);
          const gone = await approved(leaving, 0);
          await edit(leaving, gone);
          const trashed = await approved(leaving, 1);
          await remove(moderator, trashed);
          const another = await approved(author, 0);
          await report(leaving, another);
          await moderate(admin, another, 'approved');
          const before = await traces(leaving);
          expect(before).toMatchObject({ reviews: 1, trashed: 1 });
          expect(before.emails).toBeGreaterThan(0);

          if (how === 'by its owner') {
            await signedInJustNow(leaving);
            await must(db.sql, 'select public.delete_own_account()');
          } else {
            await asOwner();
            await db.sql.query('delete from auth.users where id = $1', [leaving.id]);
          }
          expect(await traces(leaving)).toEqual({
            reviews: 0,
            trashed: 0,
            history: 0,
            emails: 0,
            activity: 0,
          });
          // what they did to someone else's review stays, without their e-mail
          await as(admin);
          const entries = await must<Row>(
            db.sql,
            `select actor_id::text, actor_email from public.audit_log
             where table_name = 'reviews' and row_id = $1 and actor_id = $2`,
            [another, leaving.id],
          );
          expect(entries).toEqual([{ actor_id: leaving.id, actor_email: 'conta excluída' }]);
          expect(await rowOf(another)).toBeDefined();
        });
      });
    }
  });
});

// Requests of one account arriving together (several tabs, a script): PostgreSQL 17 only, each
// on its own connection (PGlite has one).
describe('reviews at once on postgres17', () => {
  const AT_ONCE = 20;
  let db: TestDatabase;
  let visitor: FixtureUser;
  let clients: pg.Client[];
  let places: string[];

  beforeAll(async () => {
    db = await openDatabase('postgres17');
    visitor = await createUser(db.sql, 'apressada');
    places = [];
    for (let i = 0; i < AT_ONCE; i++) {
      places.push(String((await insertRow(db.sql, 'hospedagens', VALID_ROWS.hospedagens())).id));
    }
    await db.sql.exec('begin');
    await actAs(db.sql, serviceRole);
    await db.sql.query('select public.set_review_key($1)', [KEY]);
    await db.sql.exec('commit');
    clients = await Promise.all(Array.from({ length: AT_ONCE }, () => db.connect()));
  });
  afterAll(async () => {
    await db?.close();
  });

  /** One call as the visitor, in its own transaction on its own connection: its error code. */
  async function call(client: pg.Client, text: string, params: unknown[]): Promise<string> {
    await client.query('begin');
    try {
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: visitor.id }),
      ]);
      await client.query('set local role authenticated');
      await client.query(text, params);
      await client.query('commit');
      return 'ok';
    } catch (error) {
      await client.query('rollback');
      return String((error as { code?: string }).code);
    }
  }

  const tally = (outcomes: string[]) =>
    outcomes.reduce<Record<string, number>>((counts, code) => {
      counts[code] = (counts[code] ?? 0) + 1;
      return counts;
    }, {});

  it('one place at once from one account: one review, the others told to edit it', async () => {
    const outcomes = await Promise.all(
      clients.map((client) =>
        call(client, `select public.submit_review('hospedagem', $1, 5, 'Bom.', 'rede', $2)`, [
          places[0],
          KEY,
        ]),
      ),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, [REVIEW_DB_ERROR.alreadyReviewed]: AT_ONCE - 1 });
  });

  it(`${AT_ONCE} places at once from one account: exactly the day's limit pass`, async () => {
    await db.sql.exec('delete from public.reviews');
    await db.sql.exec('delete from private.review_activity');
    const outcomes = await Promise.all(
      clients.map((client, i) =>
        call(client, `select public.submit_review('hospedagem', $1, 5, 'Bom.', $2, $3)`, [
          places[i],
          `rede-${i}`,
          KEY,
        ]),
      ),
    );
    expect(tally(outcomes)).toEqual({
      ok: REVIEW_LIMITS.perAccount.writes,
      [REVIEW_DB_ERROR.limit]: AT_ONCE - REVIEW_LIMITS.perAccount.writes,
    });
  });
});
