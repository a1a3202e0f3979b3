// `npm run build:site`: the site Worker's build command — what Workers Builds runs for every push
// and every deploy-hook call, and what `npm run deploy` runs for the first deploy. It builds the
// site from the data of the Supabase project its environment names (Workers Builds' build
// variables: SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, SITE_URL, API_URL, IMAGES_URL,
// PUBLIC_TURNSTILE_SITE_KEY), with the panel, _headers and _redirects, and the site Worker built
// for them (`_worker/`: the deploy command is `npx wrangler deploy -c .data/deploy/site/_worker/wrangler.json`).
// `-- --demo` reads the demo content of an in-memory db/local instead (the dry run), never
// unless asked. On failure its last line is BUILD_FAILED_MARK and the reason: the API worker
// shows it to the admins from the build's log.
import { BUILD_FAILED_MARK } from '@guia-fortim/domain';
import { readSiteConfig } from './deploy/config.ts';
import { buildSiteOutput, SITE_OUTPUT } from './deploy/site-output.ts';

const { config, problems } = readSiteConfig(process.env);
const failed = (reason: string): never => {
  console.log(`${BUILD_FAILED_MARK}${reason}`);
  process.exit(1);
};
if (problems.length > 0) failed(`configuração incompleta: ${problems.join(' ')}`);
const reason = await buildSiteOutput(SITE_OUTPUT, config, {
  demo: process.argv.includes('--demo'),
  log: (line) => console.log(`▸ ${line}`),
});
if (reason) failed(reason);
console.log(`✓ ${SITE_OUTPUT}`);
