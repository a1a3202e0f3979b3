// Every render reads its data through lib/content.ts. The site Worker's PageRenderer (src/worker.ts)
// hands an on-demand render the data it read (locals.siteData); the static build has no locals
// and reads the content collections. Either way the data is settled before the page renders
// (see content.ts's siteData).
import { defineMiddleware } from 'astro:middleware';
import { renderData, siteData } from './lib/content.ts';
import type { SiteData } from './lib/site-data.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const given = (context.locals as { siteData?: SiteData }).siteData;
  if (!given) {
    // On demand, the collections would be those of the renderer's own build: stale, silently.
    if (!context.isPrerendered) throw new Error('Renderização sob demanda sem os dados do site.');
    await siteData();
    return next();
  }
  return renderData.run(Promise.resolve(given), async () => {
    await siteData();
    return next();
  });
});
