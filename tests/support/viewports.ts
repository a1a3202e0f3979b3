// A browser test whose behaviour does not depend on the screen (addresses, metadata, redirects)
// runs once per run, in the desktop project; the phone project leaves it out.
export const ANY_VIEWPORT = { tag: '@any-viewport' };
export const ANY_VIEWPORT_GREP = new RegExp(ANY_VIEWPORT.tag);

// A test of the phone layout itself (it sets a phone's width) runs once per run, in the phone
// project; the desktop project leaves it out.
export const PHONE_LAYOUT = { tag: '@phone-layout' };
export const PHONE_LAYOUT_GREP = new RegExp(PHONE_LAYOUT.tag);
