import { expect } from 'vitest';

/** A minimal cookie jar for one site, as a browser keeps it across redirects (signed cookies included). */
export class CookieJar {
  readonly values = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (value === '' || attributes.some((a) => /^max-age=0$/i.test(a)))
        this.values.delete(pair.slice(0, index));
      else this.values.set(pair.slice(0, index), value);
    }
  }
  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One request as a browser makes it: the jar's cookies sent and updated, redirects not followed. */
export async function visit(url: string, jar?: CookieJar, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar?.values.size) headers.set('cookie', jar.header());
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar?.store(response);
  return response;
}

/** Where a redirect sends the browser (the test fails on any other answer). */
export const location = (response: Response) => {
  expect(response.status, `redirect expected, got ${response.status}`).toBe(302);
  return response.headers.get('location') ?? '';
};
