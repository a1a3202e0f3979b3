// The `_headers` file (Cloudflare Pages format) for the built site: security headers with a
// Content Security Policy that allows exactly our origins, and caching rules. The local origin
// applies the same file, so the browser tests run under the production policy.
//
// Inline scripts are allowed by their hashes, collected from the built pages (no 'unsafe-inline').
// Astro's own `security.csp` was tried and measured: it writes a <meta> placed after the layout's
// first <head> children (our broken-image script ran unhashed), leaves `is:inline`/`define:vars`
// scripts out (two of ours were blocked) and cannot carry frame-ancestors; a meta policy also
// forces the header to drop script-src. One header, hashed from the output, has none of that.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TURNSTILE_PAGES } from '@guia-fortim/portal/build';

export type SiteOrigins = {
  /** Supabase project URL (Auth + REST), e.g. https://xyz.supabase.co */
  supabaseUrl: string;
  /** The worker API origin. */
  apiUrl: string;
  /** Where stored photos are served from (R2 public domain, or the worker's /images). */
  imagesUrl: string;
  /**
   * Turnstile's origin (https://challenges.cloudflare.com, or the local stand-in's) when the
   * site is built with its widget; allowed on the pages that render it only.
   */
  turnstileUrl?: string;
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

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The CSP source of every distinct inline script in the built pages (Astro's island runtime and
 * directives, our small page scripts): 'sha256-…' of the exact text between the tags. JSON-LD
 * and other data blocks are not scripts and need none.
 */
export function inlineScriptHashes(dir: string): string[] {
  const hashes = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) {
        for (const [, attributes = '', body = ''] of readFileSync(path, 'utf8').matchAll(
          /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
        )) {
          if (/\ssrc\s*=/i.test(attributes)) continue;
          const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
          if (!JS_TYPES.has(type.toLowerCase())) continue;
          hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        }
      }
    }
  };
  visit(dir);
  return [...hashes].sort();
}

/**
 * The panel's own policy, added to the site's for /admin/* (two policies: both must allow): its
 * scripts are files, and emotion (MUI) creates empty <style> elements it fills through the CSSOM,
 * so the empty text's hash is the only inline style it needs.
 */
export const PANEL_CSP =
  "script-src 'self'; style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * The site's policy; with `challenge`, that of a page whose form renders Turnstile's widget: its
 * script and its framed challenge come from Turnstile's origin (Cloudflare's CSP reference).
 */
export function contentSecurityPolicy(
  origins: SiteOrigins,
  scriptHashes: string[] = [],
  { challenge = false }: { challenge?: boolean } = {},
): string {
  const supabase = origin(origins.supabaseUrl);
  const api = origin(origins.apiUrl);
  const images = origin(origins.imagesUrl);
  const turnstile = challenge && origins.turnstileUrl ? [origin(origins.turnstileUrl)] : [];
  const unique = (values: string[]) => [...new Set(values)].join(' ');
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': the site search runs Pagefind's WebAssembly (compiling it, not eval).
    `script-src ${unique(["'self'", "'wasm-unsafe-eval'", ...GOOGLE_MAPS.script, ...turnstile, ...scriptHashes])}`,
    // Google Maps injects <style> elements and the pages set a few style attributes (photo
    // position, map height): styles stay 'unsafe-inline' on the public site.
    `style-src ${unique(["'self'", "'unsafe-inline'", ...GOOGLE_MAPS.style])}`,
    `img-src ${unique(["'self'", 'data:', 'blob:', images, ...GOOGLE_MAPS.img])}`,
    `font-src ${unique(["'self'", ...GOOGLE_MAPS.font])}`,
    // The photos' origin too: the service worker fetches photos to keep them for offline use.
    `connect-src ${unique(["'self'", supabase, api, images, ...GOOGLE_MAPS.connect])}`,
    ...(turnstile.length > 0 ? [`frame-src ${unique(turnstile)}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function renderHeaders(
  origins: SiteOrigins,
  options: { https: boolean; scriptHashes?: string[] },
): string {
  const policy = (challenge: boolean) =>
    `Content-Security-Policy: ${contentSecurityPolicy(origins, options.scriptHashes, { challenge })}`;
  const security = [
    policy(false),
    'X-Content-Type-Options: nosniff',
    'X-Frame-Options: DENY',
    'Referrer-Policy: strict-origin-when-cross-origin',
    'Permissions-Policy: camera=(), microphone=(), geolocation=(self), payment=()',
    ...(options.https ? ['Strict-Transport-Security: max-age=31536000; includeSubDomains'] : []),
  ];
  // Each page with the widget detaches the site's policy and sets its own, with Turnstile.
  const challengePages = origins.turnstileUrl
    ? TURNSTILE_PAGES.flatMap((page) => [page, '  ! Content-Security-Policy', `  ${policy(true)}`])
    : [];
  return [
    '/*',
    ...security.map((h) => `  ${h}`),
    ...challengePages,
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/admin/*',
    `  Content-Security-Policy: ${PANEL_CSP}`,
    '/admin/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/demo/*',
    '  Cache-Control: public, max-age=86400',
    '',
  ].join('\n');
}

export type HeaderRule = { pattern: string; headers: [string, string][]; detached: string[] };

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [], detached: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    if (line.trim().startsWith('! ')) {
      rule.detached.push(line.trim().slice(2).trim());
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers that apply to `path`. As on Cloudflare Pages, a header set by several matching rules
 * is sent once with the values joined by commas (two CSPs so joined are two policies), and a rule's
 * `! Name` line detaches what earlier rules set.
 */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*')
      ? path.startsWith(rule.pattern.slice(0, -1))
      : path === rule.pattern;
    if (!matches) continue;
    for (const name of rule.detached) delete result[name.toLowerCase()];
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      result[key] = result[key] === undefined ? value : `${result[key]}, ${value}`;
    }
  }
  return result;
}
