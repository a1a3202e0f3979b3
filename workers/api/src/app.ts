// The API: request ids and logs, CORS for the site and admin origins, the routes, one error shape.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { limitBody } from './body-limit.ts';
import type { AppEnv } from './env.ts';
import { ApiError, errorBody, handleError, MESSAGES } from './errors.ts';
import { log } from './log.ts';
import { categories } from './routes/categories.ts';
import { events } from './routes/events.ts';
import { history } from './routes/history.ts';
import { storedImages, uploads } from './routes/images.ts';
import { listingRoutes } from './routes/listings.ts';
import { publish } from './routes/publish.ts';
import { reviews } from './routes/reviews.ts';
import { adminGrant, users } from './routes/roles.ts';
import { settings } from './routes/settings.ts';
import { slides } from './routes/slides.ts';
import { trash } from './routes/trash.ts';

const JSON_BODY_LIMIT = 256 * 1024;

const jsonBodyLimit = limitBody({
  maxSize: JSON_BODY_LIMIT,
  onError: () => {
    throw new ApiError(413, 'payload_too_large', MESSAGES.payloadTooLarge);
  },
});

export const app = new Hono<AppEnv>();

app.use(requestId());
// Every answer, refusals and errors included. The API answers JSON and photos only: nothing may
// load from it or frame it; the site and the panel show its photos from their own origin.
app.use(
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'cross-origin',
    xFrameOptions: 'DENY',
  }),
);
app.use(async (c, next) => {
  const started = Date.now();
  await next();
  // Visitors' beacons are many and say nothing one by one: the counter logs what each flush
  // counted and dropped instead. Their failures are logged like any other.
  if (c.req.path === '/api/events' && c.res.status < 500) return;
  log(c, c.res.status >= 500 ? 'error' : 'info', 'request', {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Date.now() - started,
  });
});
app.use(
  cors({
    origin: (origin, c) =>
      (c.env.ALLOWED_ORIGINS as string)
        .split(',')
        .map((o: string) => o.trim())
        .includes(origin)
        ? origin
        : null,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id'],
    maxAge: 600,
  }),
);
// Photos and events have their own limits (5 MB with its own message; 512 bytes, a 400).
app.use('/api/*', async (c, next) =>
  c.req.path.startsWith('/api/images') || c.req.path === '/api/events'
    ? next()
    : jsonBodyLimit(c, next),
);

// Chained, so that the type of `routes` carries every route's path, body and answer: the panel's
// typed client (client.ts) is made from it.
const routes = app
  .get('/health', (c) => c.json({ ok: true }))
  .route('/api/hospedagens', listingRoutes('hospedagem'))
  .route('/api/comercios', listingRoutes('comercio'))
  .route('/api/passeios', listingRoutes('passeio'))
  .route('/api/categories', categories)
  .route('/api/slides', slides)
  .route('/api/settings', settings)
  .route('/api/trash', trash)
  .route('/api/history', history)
  .route('/api/users', users)
  .route('/api/admin', adminGrant)
  .route('/api/images', uploads)
  .route('/api/publish', publish)
  .route('/api/events', events)
  .route('/api/reviews', reviews)
  .route('/images', storedImages);

export type AppType = typeof routes;

app.notFound((c) => c.json(errorBody('not_found', MESSAGES.routeNotFound), 404));
app.onError(handleError);
