// Who sent an event, as far as counting needs to know: whether it is an obvious bot,
// and a pseudonym for its address. Nothing here keeps anything.

// Every browser's User-Agent starts with "Mozilla/"; among those, the crawlers, previews and
// automated browsers that say what they are. Scripts (curl, wget, python-requests, Node's fetch,
// Go, Java…) do not even claim to be a browser.
const BROWSER = /^Mozilla\/\d/;
const AUTOMATED =
  /(?<!cu)bot\b|bot[/_;-]|crawl|spider|slurp|scrap|headless|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|phantomjs|selenium|webdriver|puppeteer|playwright|facebookexternalhit|embedly|feedfetcher|mediapartners|apis-google|curl|wget|python|httpclient|okhttp|axios|node-fetch|undici/i;

/** Obvious bots and speculative loads: answered 204 and counted nowhere. */
export function isAutomated(headers: Headers): boolean {
  const agent = headers.get('user-agent')?.trim() ?? '';
  if (!BROWSER.test(agent) || AUTOMATED.test(agent)) return true;
  const purpose = [headers.get('sec-purpose'), headers.get('purpose'), headers.get('x-purpose')]
    .concat(headers.get('x-moz'))
    .filter(Boolean)
    .join(' ');
  return /prefetch|prerender|preview/i.test(purpose);
}

/** The eight groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * What one client is, for the limits: an IPv4 address, or an IPv6 address's /48. A subscriber is
 * commonly given a /48 (RFC 6177's default for a site) or a /56 inside one, so one home could
 * otherwise count as 65,536 clients by rotating its /64s (or 2^80 by its addresses).
 */
export function clientNetwork(address: string | undefined): string {
  const value = (address ?? '').trim().toLowerCase().split('%')[0] ?? '';
  if (!value) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped?.[1]) return mapped[1];
  if (!value.includes(':')) return value;
  const groups = ipv6Groups(value);
  return groups ? `${groups.slice(0, 3).join(':')}::/48` : value;
}

/**
 * The address every client of a worker the local stack runs has: the stack listens on 127.0.0.1
 * only, so every connection comes from this machine.
 */
const LOCAL_CLIENT = '127.0.0.1';

/**
 * The client's address. Behind Cloudflare's edge — every request a deployed worker gets — it is
 * CF-Connecting-IP, which the edge sets to the connection's address whatever the client sent.
 * Under wrangler dev nothing in a request tells it from the edge's: Miniflare gives every request a
 * `request.cf` (a placeholder) and fills CF-Connecting-IP from the connection only when the request
 * brings none, keeping any value a client makes up. So the local stack says where the worker runs
 * (LOCAL_CLIENTS), and there the client is the connection's address, this machine's.
 */
export function clientAddress(
  headers: Headers,
  env: { LOCAL_CLIENTS?: string },
): string | undefined {
  if (env.LOCAL_CLIENTS) return LOCAL_CLIENT;
  return headers.get('cf-connecting-ip') ?? undefined;
}

const encoder = new TextEncoder();
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/**
 * The client's pseudonym: an HMAC of its network under the worker's secret, so the rate limiter
 * and the counter never see an address (and a short IPv4 space cannot be reversed without the
 * secret). The same for every isolate, so the per-client limits hold across them.
 */
export async function clientPseudonym(network: string, secret: string): Promise<string> {
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: crypto.subtle.importKey(
        'raw',
        encoder.encode(`guia-fortim/stats-client\n${secret}`),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      ) as Promise<CryptoKey>,
    };
  }
  const mac = await crypto.subtle.sign('HMAC', await cachedKey.key, encoder.encode(network));
  return btoa(String.fromCharCode(...new Uint8Array(mac, 0, 16)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
