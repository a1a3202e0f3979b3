// The HTTP surface of db/local: `/auth/v1` (GoTrue), `/rest/v1` (PostgREST) and `/mailbox`,
// behind the gateway's CORS, as one Hono app.
import { Hono } from 'hono';
import { readMailbox } from './auth/email-links.ts';
import { type AuthDeps, authRoutes } from './auth/routes.ts';
import { cors } from './cors.ts';
import { type RestDeps, restRoutes } from './rest/routes.ts';

export function createApp(deps: AuthDeps & RestDeps): Hono {
  const app = new Hono();
  app.use('*', cors);
  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));

  app.get('/mailbox', async (c) => c.json(await readMailbox(deps.db.sql, c.req.query('to'))));
  app.delete('/mailbox', async (c) => {
    await deps.db.sql.query('delete from auth.local_mailbox');
    return c.body(null, 204);
  });
  app.get('/', (c) =>
    c.json({
      name: 'db/local',
      description: 'Supabase local do Guia Fortim (Auth em /auth/v1, REST em /rest/v1)',
      mailbox: '/mailbox',
    }),
  );
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    console.error('[db/local] erro inesperado:', error);
    return c.json({ message: 'Erro interno no Supabase local' }, 500);
  });
  return app;
}
