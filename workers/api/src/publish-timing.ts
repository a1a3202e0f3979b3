// How rebuild requests are coalesced and followed (shared with the tests, which wait on them).

/**
 * Delay between the first content change of a burst and the deploy-hook call. It is part of every
 * save's wait for the public page (issue 24), so it only spans what arrives together: the panel's
 * requests for one action (a save with its photos, a reordering) come within a few hundred
 * milliseconds, and changes made while the build runs go into one follow-up build anyway.
 */
export const COALESCE_MS = 500;
/** How often a running build's status is read from the deploy hook. */
export const POLL_MS = 1_000;
export const HOOK_TIMEOUT_MS = 10_000;
/** A build still running after this long is reported as failed. */
export const BUILD_TIMEOUT_MS = 15 * 60_000;
