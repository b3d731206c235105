/**
 * The longest Fluxion waits for one answer from GitHub (a request, or one page of a listing): a socket
 * that hangs fails the call instead of holding whatever waits on it (a user's dialog, the collector's
 * run, which every board of the process waits behind). What the other GitHub calls use too.
 */
export const GITHUB_CALL_TIMEOUT_MS = 15_000;

/**
 * `fetch` that gives up after `timeoutMs` (TimeoutError), or at `deadline` (epoch ms) if sooner: a
 * request-scoped deadline, so that retries cannot add up past it. The caller's own signal still aborts.
 */
export function timedFetch(timeoutMs = GITHUB_CALL_TIMEOUT_MS, deadline: number | null = null): typeof fetch {
  return (input, init) => {
    const left = deadline === null ? timeoutMs : Math.min(timeoutMs, deadline - Date.now());
    const timeout = AbortSignal.timeout(Math.max(1, left));
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetch(input, { ...init, signal });
  };
}
