// `npm start`: the whole portal on this machine with demo content. `-- --reset` starts clean;
// `-- --verbose` shows every build line. Ctrl-C stops every process it started.
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { whenAncestorGone } from './stack/leash.ts';
import { ROOT } from './stack/root.ts';
import { startStack } from './stack/stack.ts';

const args = new Set(process.argv.slice(2));
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nParando o portal…');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));
// If npm (or the terminal's shell) is killed, stop as on Ctrl-C: the parts are on a leash to
// this process, which would otherwise keep them running.
whenAncestorGone(() => shutdown(0));

try {
  stack = await startStack({
    dataDir: join(ROOT, '.data'),
    reset: args.has('--reset'),
    ports: {
      site: port('SITE_PORT', 4321),
      supabase: port('SUPABASE_PORT', 54321),
      api: port('API_PORT', 8787),
      turnstile: port('TURNSTILE_PORT', 8788),
    },
    log: (line) => console.log(`[${seconds()} s] ${line}`),
    buildOutput: args.has('--verbose') ? (line) => console.log(`    ${line}`) : undefined,
  });
} catch (error) {
  console.error(`\nNão foi possível iniciar o portal: ${(error as Error).message}`);
  await shutdown(1);
}

if (stack) {
  const accounts = Object.values(DEMO_ACCOUNTS)
    .map((a) => `  ${a.role.padEnd(9)}  ${a.email} / ${a.password}`)
    .join('\n');
  console.log(`
Guia Fortim pronto em ${seconds()} s

  Site público          ${stack.siteUrl}/
  Painel administrativo ${stack.siteUrl}/admin/
  Supabase local        ${stack.supabaseUrl}  (chave pública ${stack.publishableKey})
  Caixa de e-mails      ${stack.mailboxUrl}
  API (worker)          ${stack.apiUrl}
  Publicação            ${stack.deployHookUrl}
  Turnstile (local)     ${stack.turnstileUrl}  (CAPTCHA com as chaves de teste da Cloudflare)

Contas de demonstração (apenas locais):
${accounts}

Alterações feitas no painel republicam o site sozinhas. Ctrl-C para parar.`);
}
