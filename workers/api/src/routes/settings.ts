// Site settings: upsert of the known keys only, in one statement (all or nothing).
import { type SiteSetting, settingsUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { json } from '../validation.ts';

export const settings = new Hono<AppEnv>().put(
  '/',
  requireAdmin,
  json(settingsUpdateSchema),
  async (c) => {
    const rows = Object.entries(c.req.valid('json'))
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([setting_key, setting_value]) => ({ setting_key, setting_value }));
    const saved = await dataOf<SiteSetting[]>(
      database(c).from('site_settings').upsert(rows, { onConflict: 'setting_key' }).select(),
    ).catch((err) => databaseError(err, 'Erro ao salvar configurações'));
    requestRebuildAndPurge(c);
    return c.json(Object.fromEntries(saved.map((row) => [row.setting_key, row.setting_value])));
  },
);
