/** Old addresses of the commerce page, kept working (also listed in public/_redirects). */
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/comercios': '/comercio',
  '/comércio': '/comercio',
  '/comercio-local': '/comercio',
};
