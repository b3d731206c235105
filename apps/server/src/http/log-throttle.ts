/**
 * Lets one call through per `intervalMs` and counts those held back in between, so that a failure hitting
 * every request alike (the database away) is logged once every few seconds, not once per request.
 * Answers null when held back, else how many were held back since the last one let through.
 */
export function onePerInterval(intervalMs: number, now: () => number = Date.now): () => number | null {
  let last = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return () => {
    const at = now();
    if (at - last < intervalMs) {
      heldBack += 1;
      return null;
    }
    last = at;
    const count = heldBack;
    heldBack = 0;
    return count;
  };
}
