// The trash: a deleted listing, category or slide waits there for TRASH_RETENTION_DAYS.
// 'Restaurar' puts it back where it was (restore_from_trash: the same id, its slug when still free,
// its place among the featured and pinned) and the site is rebuilt; 'Excluir definitivamente'
// ends it (purge_from_trash) and frees its photos. The staff (administrators and moderators)
// restore; only an administrator purges. They read the trash itself through Supabase.
import { type TrashItem, trashIdParam } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requireAdmin, requireStaff } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { removeUnusedImages } from '../images/cleanup.ts';
import { changed, renderListingPages } from '../site-pages.ts';
import { params } from '../validation.ts';

type Restored = { table_name: TrashItem['table_name']; id: string; notices: string[] };
/** Which row left the trash, and the photos it and its history showed. */
type Purged = { table_name: TrashItem['table_name']; id: string; images: string[] };

export const trash = new Hono<AppEnv>()
  .post('/:id/restore', requireStaff, params(trashIdParam), async (c) => {
    const restored = await dataOf<Restored>(
      database(c).rpc('restore_from_trash', { trash_id: c.req.valid('param').id }),
    ).catch((err) => databaseError(err, 'Não foi possível restaurar o item.'));
    requestRebuildAndPurge(c);
    renderListingPages(c, changed.restored(c, restored));
    return c.json(restored);
  })
  .delete('/:id', requireAdmin, params(trashIdParam), async (c) => {
    const purged = await dataOf<Purged>(
      database(c).rpc('purge_from_trash', { trash_id: c.req.valid('param').id }),
    ).catch((err) => databaseError(err, 'Não foi possível excluir o item definitivamente.'));
    // The site never showed a trashed row: nothing to rebuild.
    await removeUnusedImages(c, purged.images);
    return c.json({ table_name: purged.table_name, id: purged.id });
  });
