// A build's Worker for the tests that assemble builds by hand (the origin's swap, the leash): the
// layout `npm run build:site` writes — the bundle and its configuration in `_worker/`, kept out of
// the assets by `.assetsignore` — with a Worker that only serves the assets, as the site Worker
// does for every file it has not rendered, and at /lento a page sent slowly (ten chunks over about
// 300 ms), as a page the Worker renders may be on a busy machine: the reload that swaps a build in
// must not cut it. The site Worker itself is tested in sites/portal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeAssetsWorker(buildDir: string): void {
  const worker = join(buildDir, '_worker');
  mkdirSync(worker, { recursive: true });
  writeFileSync(
    join(worker, 'index.js'),
    `const slowly = () => {
  let sent = 0;
  const body = new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      controller.enqueue(new TextEncoder().encode(\`parte \${++sent}\\n\`));
      if (sent === 10) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
export default {
  fetch: (request, env) =>
    new URL(request.url).pathname === '/lento' ? slowly() : env.ASSETS.fetch(request),
};
`,
  );
  writeFileSync(
    join(worker, 'wrangler.json'),
    JSON.stringify({
      name: 'guia-fortim-site',
      main: 'index.js',
      compatibility_date: '2026-11-01',
      assets: {
        binding: 'ASSETS',
        directory: '..',
        html_handling: 'auto-trailing-slash',
        not_found_handling: '404-page',
      },
    }),
  );
  writeFileSync(join(buildDir, '.assetsignore'), '_worker\n.assetsignore\n');
}
