// Pages applies _redirects even where a file matches, so the panel's single-page fallback names
// its sections one by one: /admin/assets/* must keep serving the real files.
import { SIDEBAR_ITEMS } from '@guia-fortim/admin/sidebar';

export const ADMIN_SECTIONS = SIDEBAR_ITEMS.map((item) => item.path);

export function adminRewrites(): string {
  const lines = ADMIN_SECTIONS.flatMap((path) => [
    `${path} /admin/index.html 200`,
    `${path}/* /admin/index.html 200`,
  ]);
  return `\n# The admin panel's routes (single-page app)\n${lines.join('\n')}\n`;
}
