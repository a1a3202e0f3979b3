// Site settings: upsert of the known keys only, in one statement (all or nothing).
import { type SiteSetting, settingsUpdateSchema } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin } from '../auth.ts';
import type { AppEnv } from '../env.ts';
import { requestRebuild } from '../publish.ts';
import { databaseError, restClient } from '../supabase.ts';
import { json } from '../validation.ts';

export const settings = new Hono<AppEnv>().put(
  '/',
  requireAdmin,
  json(settingsUpdateSchema),
  async (c) => {
    const rows = Object.entries(c.req.valid('json'))
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([setting_key, setting_value]) => ({ setting_key, setting_value }));
    const saved = await restClient(c)
      .insert<SiteSetting>('site_settings', rows, { onConflict: 'setting_key' })
      .catch((err) => databaseError(err, 'Erro ao salvar configurações'));
    requestRebuild(c);
    return c.json(Object.fromEntries(saved.map((row) => [row.setting_key, row.setting_value])));
  },
);
