/** Where the static build records the data version it shows (pages/site-build.json.ts). */
export const SITE_BUILD_PATH = '/site-build.json';

/** What that file holds. */
export type SiteBuild = { version: number };
