// Checks that the site Worker's output (its static assets) is complete before it is uploaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { CONFIG_PATH } from '@guia-fortim/admin/config';
import { type SiteEnv, TURNSTILE_PAGES } from '@guia-fortim/portal/build';
import { WORKER_DIR } from '@guia-fortim/portal/worker-build';
import {
  contentSecurityPolicy,
  headersFor,
  inlineScriptHashes,
  parseHeaders,
} from '../stack/headers.ts';
import { panelConfig } from '../stack/panel.ts';
import { ADMIN_SECTIONS } from './admin-routes.ts';

const LEGACY = ['/comercios', '/comércio', '/comercio-local'];

export function validateSiteOutput(dir: string, env: SiteEnv): string[] {
  const findings: string[] = [];
  for (const file of [
    'index.html',
    '404.html',
    'admin/index.html',
    'robots.txt',
    'site-build.json',
  ]) {
    if (!existsSync(join(dir, file))) findings.push(`falta ${file}`);
  }
  // The site Worker built with these assets, which serves them and renders a save's pages.
  const worker = join(dir, WORKER_DIR, 'wrangler.json');
  if (!existsSync(worker)) findings.push(`falta o Worker do site (${WORKER_DIR}/wrangler.json)`);
  else {
    const vars = (readJson(worker) as { vars?: Record<string, string> }).vars ?? {};
    if (
      vars.SUPABASE_URL !== env.supabaseUrl ||
      vars.SUPABASE_PUBLISHABLE_KEY !== env.publishableKey
    ) {
      findings.push('o Worker do site não lê o Supabase configurado');
    }
  }
  const configFile = join(dir, CONFIG_PATH);
  if (!existsSync(configFile)) findings.push(`falta ${CONFIG_PATH}`);
  else if (!isDeepStrictEqual(readJson(configFile), panelConfig(env))) {
    findings.push(`${CONFIG_PATH} não traz as origens configuradas`);
  }
  const headersFile = join(dir, '_headers');
  if (!existsSync(headersFile)) findings.push('falta _headers');
  else {
    const text = readFileSync(headersFile, 'utf8');
    const rules = parseHeaders(text);
    const origins = { ...env, turnstileUrl: env.turnstile?.origin };
    const hashes = inlineScriptHashes(dir);
    const page = headersFor(rules, '/');
    if (page['content-security-policy'] !== contentSecurityPolicy(origins, hashes)) {
      findings.push(
        '_headers não traz a política de segurança com as origens e os scripts deste build',
      );
    }
    // The account forms render Turnstile's widget: their pages' policy must allow it.
    const challenge = contentSecurityPolicy(origins, hashes, { challenge: true });
    for (const path of env.turnstile ? TURNSTILE_PAGES : []) {
      if (headersFor(rules, path)['content-security-policy'] !== challenge) {
        findings.push(`_headers não permite o Turnstile em ${path}`);
      }
    }
    // Static assets (Workers and Pages alike) ignore a _headers line longer than this.
    if (text.split('\n').some((line) => line.length > 2000)) {
      findings.push('_headers tem uma linha com mais de 2.000 caracteres');
    }
    if (!page['strict-transport-security']) findings.push('_headers sem HSTS');
  }
  const redirectsFile = join(dir, '_redirects');
  const redirects = existsSync(redirectsFile)
    ? parseRedirects(readFileSync(redirectsFile, 'utf8'))
    : [];
  for (const from of LEGACY) {
    if (!redirects.some((r) => r.from === from && r.to === '/comercio')) {
      findings.push(`_redirects não leva ${from} para /comercio`);
    }
  }
  for (const section of ADMIN_SECTIONS) {
    if (!redirects.some((r) => r.from === `${section}/*` && r.status === 200)) {
      findings.push(`_redirects não abre ${section}/… no painel`);
    }
  }
  return findings;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

type Redirect = { from: string; to: string; status: number };

/** Cloudflare Pages' `_redirects` format, exact paths only: `from to [status]`. */
export function parseRedirects(text: string): Redirect[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '301'] = line.split(/\s+/);
      return { from: safeDecode(from), to, status: Number.parseInt(status, 10) || 301 };
    });
}

function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
