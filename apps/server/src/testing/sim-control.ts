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
