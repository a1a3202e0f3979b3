// `node parts-process.ts <dataDir>`: the parts of the stack that listen, started as `npm start`
// starts them — the local Workers Builds and db/local in this process, the worker under wrangler dev and
// the site origin in processes of their own — then one JSON line: their ports and the process
// groups of the children. It runs until it is killed (leash.test.ts kills it with SIGKILL).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { stackRegistry } from '../../stack/addresses.ts';
import { startApi } from '../../stack/api.ts';
import { startLocalBuilds } from '../../stack/local-builds.ts';
import { startOrigin } from '../../stack/site-origin.ts';
import { writeAssetsWorker } from './assets-worker.ts';

const dataDir = process.argv[2] ?? '';
const builds = await startLocalBuilds();
const ports = { site: await freePort(), supabase: await freePort(), api: await freePort() };
const api = await startApi({
  dataDir,
  memory: true,
  seed: false,
  ports,
  builds,
});
const build = join(dataDir, 'site', 'build-1');
mkdirSync(build, { recursive: true });
writeFileSync(join(build, 'index.html'), '<h1>Guia Fortim</h1>');
writeAssetsWorker(build);
symlinkSync('build-1', join(dataDir, 'site', 'current'));
const origin = await startOrigin(join(dataDir, 'site'), ports.site, {
  persistDir: join(dataDir, 'site-state'),
  registryDir: stackRegistry(dataDir),
});
console.log(
  JSON.stringify({
    ports: [Number(new URL(builds.hookUrl).port), ports.supabase, ports.api, ports.site],
    groups: [api.worker.process.pid, origin.process.pid],
  }),
);
