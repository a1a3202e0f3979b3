// How rebuild requests are coalesced and followed (shared with the tests, which wait on them).

/** Delay between the first content change of a burst and the deploy-hook call. */
export const COALESCE_MS = 2_000;
/** How often a running build's status is read from the deploy hook. */
export const POLL_MS = 1_000;
export const HOOK_TIMEOUT_MS = 10_000;
/** A build still running after this long is reported as failed. */
export const BUILD_TIMEOUT_MS = 15 * 60_000;
