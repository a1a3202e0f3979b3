// The portal every browser suite runs against: the global setup's stack (it sets the E2E_*
// variables, e2e/stack.setup.ts), or with E2E_BASE_URL one already running — then the origins
// `npm start` wrote to .data/stack.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type PortalFacts = {
  siteUrl: string;
  supabaseUrl: string;
  apiUrl: string;
  mailboxUrl: string;
  publishableKey: string;
  /** The local deploy hook (its address is a secret; `npm start` keeps it in deploy-hook.json). */
  deployHookUrl: string;
};

const DATA = join(import.meta.dirname, '..', '..', '.data');
const files = new Map<string, Record<string, unknown>>();
const fromFile = (name: string, key: string) => {
  let facts = files.get(name);
  if (!facts) {
    const file = join(DATA, name);
    facts = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
      : {};
    files.set(name, facts);
  }
  return facts[key];
};

export function sharedPortal(): PortalFacts {
  const need = (variable: string, key: string, file = 'stack.json'): string => {
    const value = process.env[variable] ?? fromFile(file, key);
    if (typeof value !== 'string' || !value) {
      throw new Error(`Defina ${variable} para estes testes (a pilha global a define).`);
    }
    return value.replace(/\/$/, '');
  };
  return {
    // playwright.config.ts always sets E2E_PORT.
    siteUrl: (process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`).replace(
      /\/$/,
      '',
    ),
    supabaseUrl: need('E2E_SUPABASE_URL', 'supabaseUrl'),
    apiUrl: need('E2E_API_URL', 'apiUrl'),
    mailboxUrl: need('E2E_MAILBOX_URL', 'mailboxUrl'),
    publishableKey: need('E2E_SUPABASE_PUBLISHABLE_KEY', 'publishableKey'),
    get deployHookUrl() {
      return need('E2E_DEPLOY_HOOK_URL', 'url', 'deploy-hook.json');
    },
  };
}
