import { setPanelConfig } from '../src/config.ts';

// What /admin/config.json gives the panel before its modules load. Component tests never reach
// a server: port 9 refuses connections at once.
setPanelConfig({
  supabaseUrl: 'http://127.0.0.1:9',
  publishableKey: 'sb_publishable_component_tests',
  apiUrl: 'http://127.0.0.1:9',
});
