// Runs db/local in its own process (as `npm start` does) for the test suite and the benchmark:
// `node supabase-main.ts <dataDir>` on the port given in PORT, until SIGTERM.
import { startLocalSupabase } from '@guia-fortim/local-supabase';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('uso: node supabase-main.ts <dataDir>');
const supabase = await startLocalSupabase({
  port: Number(process.env.PORT),
  dataDir,
  autoconfirm: true,
  quiet: true,
});
const stop = () => supabase.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
