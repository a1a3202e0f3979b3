// The `_headers` file (Cloudflare Pages format) for the built site: security headers with a
// Content Security Policy that allows exactly our origins, and caching rules. The local origin
// applies the same file, so the browser tests run under the production policy.

export type SiteOrigins = {
  /** Supabase project URL (Auth + REST), e.g. https://xyz.supabase.co */
  supabaseUrl: string;
  /** The worker API origin. */
  apiUrl: string;
  /** Where stored photos are served from (R2 public domain, or the worker's /images). */
  imagesUrl: string;
};

const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com'],
  img: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.ggpht.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

function origin(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(origins: SiteOrigins): string {
  const supabase = origin(origins.supabaseUrl);
  const api = origin(origins.apiUrl);
  const images = origin(origins.imagesUrl);
  const unique = (values: string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    // Astro's island bootstrap is an inline script; pages add hashes for it where configured.
    `script-src ${unique(["'self'", "'unsafe-inline'", ...GOOGLE_MAPS.script])}`,
    `style-src ${unique(["'self'", "'unsafe-inline'", ...GOOGLE_MAPS.style])}`,
    `img-src ${unique(["'self'", 'data:', 'blob:', images, ...GOOGLE_MAPS.img])}`,
    `font-src ${unique(["'self'", ...GOOGLE_MAPS.font])}`,
    `connect-src ${unique(["'self'", supabase, api, ...GOOGLE_MAPS.connect])}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function renderHeaders(origins: SiteOrigins, options: { https: boolean }): string {
  const security = [
    `Content-Security-Policy: ${contentSecurityPolicy(origins)}`,
    'X-Content-Type-Options: nosniff',
    'X-Frame-Options: DENY',
    'Referrer-Policy: strict-origin-when-cross-origin',
    'Permissions-Policy: camera=(), microphone=(), geolocation=(self), payment=()',
    ...(options.https ? ['Strict-Transport-Security: max-age=31536000; includeSubDomains'] : []),
  ];
  return [
    '/*',
    ...security.map((h) => `  ${h}`),
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/admin/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/demo/*',
    '  Cache-Control: public, max-age=86400',
    '',
  ].join('\n');
}

export type HeaderRule = { pattern: string; headers: [string, string][] };

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && colon > 0)
      rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers that apply to `path`, later rules overriding earlier ones for the same name. */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*')
      ? path.startsWith(rule.pattern.slice(0, -1))
      : path === rule.pattern;
    if (matches) for (const [name, value] of rule.headers) result[name.toLowerCase()] = value;
  }
  return result;
}
