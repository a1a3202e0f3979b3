// The history of changes: 'Restaurar esta versão' puts a row back to a version its
// history recorded (restore_version: the fields an admin edits, never orders, slugs or keys), and
// the site is rebuilt. The photos of every version are still stored (images/cleanup.ts). The
// staff (administrators and moderators) restore content; a setting's version only an
// administrator (the database refuses the rest). They read the history itself through Supabase.
import { historyIdParam } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireStaff } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { changed, renderListingPages } from '../site-pages.ts';
import { params } from '../validation.ts';

export const history = new Hono<AppEnv>()
  .use(requireStaff)
  .post('/:id/restore', params(historyIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const row = await dataOf<Record<string, unknown>>(
      database(c).rpc('restore_version', { entry_id: id }),
    ).catch((err) => databaseError(err, 'Não foi possível restaurar esta versão.'));
    requestRebuildAndPurge(c);
    renderListingPages(c, changed.reverted(c, id, row));
    return c.json(row);
  });
