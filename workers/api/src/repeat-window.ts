// The counter's repeat rule (event-counter.ts): an event of the same client, listing and event
// within the window of the last one counted counts once. Apart from the Durable Object, which
// Node cannot load, so that the suite can ask the decision itself at the window's edge: a real
// request cannot be placed within a millisecond of it.
import { STATS_LIMITS } from '@guia-fortim/domain';

/**
 * The window in force: STATS_LIMITS.repeatWindowMs, or a test worker's shorter one
 * (STATS_REPEAT_WINDOW_MS, never set in production; the suites cannot wait 10 s per repeat).
 */
export function repeatWindowMs(override: string | undefined): number {
  const value = Number.parseInt(override ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : STATS_LIMITS.repeatWindowMs;
}

/** Whether an event `sinceLastMs` after the last one counted for its key is a repeat. */
export function isRepeat(sinceLastMs: number, windowMs: number): boolean {
  return sinceLastMs < windowMs;
}
