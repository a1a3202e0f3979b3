// CORS as the Supabase gateway answers it, so browser apps on other local ports can call the
// server: any origin, the clients' headers allowed, Content-Range and the API version exposed.
import type { MiddlewareHandler } from 'hono';

const ALLOWED_HEADERS =
  'apikey, authorization, content-type, prefer, accept, accept-profile, content-profile, range, range-unit, x-client-info, x-supabase-api-version, x-retry-count, traceparent';
const EXPOSED_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, Preference-Applied, X-Total-Count, Link, X-Supabase-Api-Version';

export const cors: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('origin');
  if (c.req.method === 'OPTIONS') {
    return new Response(null, {
      status: 200,
      headers: {
        'Access-Control-Allow-Origin': origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          c.req.header('access-control-request-headers') ?? ALLOWED_HEADERS,
        'Access-Control-Max-Age': '86400',
        Vary: 'Origin',
      },
    });
  }
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', origin ?? '*');
  c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (origin) c.res.headers.append('Vary', 'Origin');
};
