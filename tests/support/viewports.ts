// A browser test whose behaviour does not depend on the screen (addresses, metadata, redirects)
// runs once per run, in the desktop project; the phone project leaves it out.
export const ANY_VIEWPORT = { tag: '@any-viewport' };
export const ANY_VIEWPORT_GREP = new RegExp(ANY_VIEWPORT.tag);
