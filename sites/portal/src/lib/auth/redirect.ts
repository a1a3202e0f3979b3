// After sign-in the visitor returns to where they came from, but only to a page of this site.
export const LOGIN_PATH = '/auth/login';

const PROBE_ORIGIN = 'http://guia-fortim.invalid';

/** `from` when it is a path of this site ('/x', not '//host' or '/\host'), otherwise '/'. */
export function safeRedirectPath(from: string | null | undefined): string {
  if (typeof from !== 'string' || !from.startsWith('/')) return '/';
  const second = from.charAt(1);
  if (second === '/' || second === '\\') return '/';
  // Browsers drop tabs and newlines from URLs, so '/\t/host' would become '//host'.
  for (const char of from) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  try {
    if (new URL(from, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return '/';
  } catch {
    return '/';
  }
  return from;
}

/** The login page that sends the visitor back to `location` afterwards. */
export function loginUrlFrom(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const from = `${location.pathname}${location.search}${location.hash}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ from }).toString()}`;
}

/** The `from` parameter of a login URL's query string, already made safe. */
export function fromParameter(search: string): string {
  return safeRedirectPath(new URLSearchParams(search).get('from'));
}
