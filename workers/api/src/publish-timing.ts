// How rebuild requests are coalesced and followed (shared with the tests, which wait on them).

/**
 * Delay between the first content change of a burst and the deploy-hook call. It is part of every
 * save's wait for the public page, so it only spans what arrives together: the panel's
 * requests for one action (a save with its photos, a reordering) come within a few hundred
 * milliseconds, and changes made while the build runs go into one follow-up build anyway.
 */
export const COALESCE_MS = 500;
/**
 * How long to wait before reading a build's status again: every second at first (a build that
 * publishes a save is short), then every 5 s (a whole Cloudflare build takes minutes).
 */
export function pollDelay(polls: number): number {
  return polls < 30 ? 1_000 : 5_000;
}
export const HOOK_TIMEOUT_MS = 10_000;
/** A build still running after this long is reported as failed. */
export const BUILD_TIMEOUT_MS = 15 * 60_000;
