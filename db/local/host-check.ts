// DNS rebinding: a page of another site can make its own name resolve to 127.0.0.1 and then read
// this server as its own origin — no CORS involved, and the mailbox, the e-mailed link and the
// JWKS need no key. The browser still sends the page's name in `Host`, so a request is answered
// only when it names this server the way its clients do: 127.0.0.1:<port> or localhost:<port>.
import type { MiddlewareHandler } from 'hono';

const REFUSED =
  'O Supabase local só responde pelo seu endereço: 127.0.0.1 ou localhost, na sua porta.';

/** Refuses (403) every request whose `Host` is not the address `url` listens on. */
export function hostCheck(url: string): MiddlewareHandler {
  const ownHosts = new Set(
    ['127.0.0.1', 'localhost'].map((name) => {
      const address = new URL(url);
      address.hostname = name;
      // `host` leaves out a default port (80), as a browser's Host header does.
      return address.host;
    }),
  );
  return async (c, next) => {
    const host = c.req.header('host')?.toLowerCase();
    if (host === undefined || !ownHosts.has(host)) return c.json({ message: REFUSED }, 403);
    await next();
  };
}
