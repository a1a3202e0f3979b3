// The site settings' keys, on PGlite and PostgreSQL 17: SQL states them once
// (private.setting_keys(), which the key check of public.site_settings asks) and they are exactly
// the domain's SETTING_KEYS. An admin saves every one of them; a key just beside one (another case,
// a trailing space, a prefix) or a new one is refused by that check.

import { SETTING_KEYS, SETTINGS_DEFAULTS } from '@guia-fortim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, attempt, inRollback, must } from './support/callers.ts';
import { ENGINES, openDatabase, type TestDatabase } from './support/databases.ts';
import { createUser, type FixtureUser, makeAdmin } from './support/fixtures.ts';

const UPSERT = `insert into public.site_settings (setting_key, setting_value) values ($1, $2)
  on conflict (setting_key) do update set setting_value = excluded.setting_value`;

describe.each(ENGINES)('the site settings keys on %s', (engine) => {
  let db: TestDatabase;
  let admin: FixtureUser;

  beforeAll(async () => {
    db = await openDatabase(engine);
    admin = await createUser(db.sql, 'chefe');
    await makeAdmin(db.sql, admin);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("private.setting_keys() holds exactly the domain's SETTING_KEYS", async () => {
    const rows = await must<{ key: string }>(
      db.sql,
      'select unnest(private.setting_keys()) as key',
    );
    expect(rows.map((row) => row.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('the key check asks private.setting_keys() rather than listing keys itself', async () => {
    const [check] = await must<{ definition: string }>(
      db.sql,
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'public.site_settings'::regclass and conname = 'site_settings_setting_key_check'`,
    );
    expect(check?.definition).toMatch(/private\.setting_keys\(\)/);
    expect(check?.definition).not.toMatch(/contact_email/);
  });

  it('an admin saves every key; a key beside one, or a new one, is refused', async () => {
    await inRollback(db.sql, async () => {
      await actAs(db.sql, admin.caller);
      for (const key of SETTING_KEYS) {
        const saved = await attempt(db.sql, UPSERT, [key, SETTINGS_DEFAULTS[key]]);
        expect([key, saved.error]).toEqual([key, undefined]);
      }
      for (const key of ['CONTACT_EMAIL', 'contact_email ', 'contact_', 'tema', '']) {
        const refused = await attempt(db.sql, UPSERT, [key, 'x']);
        expect([key, refused.error?.code]).toEqual([key, '23514']);
        expect(refused.error?.message).toContain('site_settings_setting_key_check');
      }
    });
  });
});
