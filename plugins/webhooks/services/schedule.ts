import { backoffMs } from '../../../kernel/db/claim.ts';

/** How long failing deliveries are retried, and when an endpoint failing throughout is disabled. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 3_600_000;

/**
 * The wait after the `attempt`-th failed attempt (counting from 1): 30 s doubling each time (30 s, 1 min,
 * 2 min, … 4 h 16 min) up to 6 hours, with jitter that draws the wait from its upper half, so endpoints
 * recovering from an outage are not hit by every store at the same instant.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return backoffMs(attempt, FIRST_RETRY_MS, LONGEST_WAIT_MS, random);
}

/**
 * When to try again after a failed attempt, or null when the retry window has passed (the delivery is
 * then failed). The last retry is pulled in to the end of the window, so that instant is always tried.
 */
export function nextAttemptAt(now: Date, attempt: number, retryUntil: Date, random?: () => number): Date | null {
  if (now.getTime() >= retryUntil.getTime()) return null;
  const at = now.getTime() + retryDelayMs(attempt, random);
  return new Date(Math.min(at, retryUntil.getTime()));
}
