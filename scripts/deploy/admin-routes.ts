// Cloudflare's static assets apply _redirects even where a file matches, so the panel's single-page fallback names
// its sections one by one: /admin/assets/* must keep serving the real files. The rewrites point at
// /admin/, not /admin/index.html: Cloudflare's asset server answers a rewrite to an `index.html`
// with a 308 to its directory (the browser would land on /admin/), and its `_redirects` parser
// drops `/x/* /…/index.html 200` as an "infinite loop" (measured with wrangler 4.164's Pages asset
// server; the site Worker's static assets serve the same routes, scripts/test/origin.test.ts).
import { SIDEBAR_ITEMS } from '@guia-fortim/admin/sidebar';

export const ADMIN_SECTIONS = SIDEBAR_ITEMS.map((item) => item.path);

export function adminRewrites(): string {
  const lines = ADMIN_SECTIONS.flatMap((path) => [`${path} /admin/ 200`, `${path}/* /admin/ 200`]);
  return `\n# The admin panel's routes (single-page app)\n${lines.join('\n')}\n`;
}
