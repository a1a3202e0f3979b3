// The HTTP surface of db/local: `/auth/v1` (GoTrue), `/rest/v1` (PostgREST) and `/mailbox`,
// behind the gateway's CORS and answering only its own address (host-check.ts), as one Hono app.
import { Hono } from 'hono';
import { accepts } from 'hono/accepts';
import { bodyLimit } from 'hono/body-limit';
import { readMailbox } from './auth/email-links.ts';
import { type AuthDeps, authRoutes } from './auth/routes.ts';
import { cors } from './cors.ts';
import { hostCheck } from './host-check.ts';
import { MAILBOX_PAGE_CSP, mailboxPage } from './mailbox-page.ts';
import { type RestDeps, restRoutes } from './rest/routes.ts';

/** No request of the portal comes near it; a larger body is refused before it is read whole. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

const TOO_LARGE = 'O corpo da requisição passa do limite de 10 MB.';

export function createApp(deps: AuthDeps & RestDeps): Hono {
  const app = new Hono();
  app.use('*', hostCheck(deps.settings.url));
  // The APIs answer browser apps on other local ports, as Supabase's gateway does; the mailbox
  // holds working sign-in links, so it answers its own origin only (and tools, which send none).
  app.use('/auth/*', cors);
  app.use('/rest/*', cors);
  app.use('/mailbox', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin) {
      return c.json({ message: 'A caixa de e-mails só responde à sua própria origem.' }, 403);
    }
    await next();
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) =>
        c.req.path.startsWith('/auth/')
          ? c.json({ code: 413, error_code: 'request_too_large', msg: TOO_LARGE }, 413)
          : c.json({ code: 'PGRST413', message: TOO_LARGE, details: null, hint: null }, 413),
    }),
  );
  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));

  app.get('/mailbox', async (c) => {
    const to = c.req.query('to');
    const messages = await readMailbox(deps.db.sql, to);
    // A browser asks for HTML first and gets a page to read; tools and tests (*/*, JSON) the JSON.
    const wants = accepts(c, {
      header: 'Accept',
      supports: ['application/json', 'text/html'],
      default: 'application/json',
    });
    if (wants !== 'text/html') return c.json(messages);
    return c.html(mailboxPage(messages, to), 200, { 'Content-Security-Policy': MAILBOX_PAGE_CSP });
  });
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
