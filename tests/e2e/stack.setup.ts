// Playwright global setup: the whole local stack (db/local in memory with the demo seed, the
// worker, the panel and the site built against them, one origin with the deploy hook) on
// E2E_PORT, for every suite that does not need a stack of its own. With E2E_BASE_URL set the
// suites run against that portal instead and nothing is started.
import { startStack } from '../support/stack.ts';

export default async function stackSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const stack = await startStack({ sitePort: Number(process.env.E2E_PORT) });
  process.env.E2E_SUPABASE_URL = stack.supabaseUrl;
  process.env.E2E_SUPABASE_PUBLISHABLE_KEY = stack.publishableKey;
  process.env.E2E_API_URL = stack.apiUrl;
  process.env.E2E_MAILBOX_URL = stack.mailboxUrl;
  process.env.E2E_DEPLOY_HOOK_URL = stack.running.deployHookUrl;
  return () => stack.stop();
}
