/** POSTs a JSON body to a simulator's control route (`/_sim/…`, `/c/…`); an answer other than 2xx fails the test. */
export async function simControl<T>(baseUrl: string, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Moves the app's test clock and the GitHub simulator's together (GitHub's token expiry reads the latter). */
export async function advanceClocks(clock: { advance(ms: number): void }, simUrl: string, ms: number) {
  clock.advance(ms);
  await simControl(simUrl, '/_sim/clock/advance', { ms });
}

/**
 * Resolves once a simulator fault (as `simControl(…, '/_sim/faults', …)` answered it) has held at least
 * one request, or has been used up: a gate for "the request is now waiting on GitHub", instead of a sleep.
 */
export async function faultReached(
  baseUrl: string,
  fault: { id: string },
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const faults = (await (await fetch(`${baseUrl}/_sim/faults`)).json()) as { id: string; hits: number }[];
    const current = faults.find((f) => f.id === fault.id);
    if (!current || current.hits > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no request reached simulator fault ${fault.id} within ${timeoutMs} ms`);
}
