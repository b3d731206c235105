import { describe, expect, it } from 'vitest';
import { clearTokenCookies, cookieClearStrings, cookieDomains, parseCookies } from './cookies.ts';

describe('cookies', () => {
  it('parses a cookie header', () => {
    expect(parseCookies('a=1; access_token=x%20y; broken; refresh_token=r')).toEqual({
      a: '1',
      access_token: 'x y',
      refresh_token: 'r',
    });
    expect(parseCookies('')).toEqual({});
  });

  it('keeps the first (most specific path) of a name sent twice, and a value that is not URI-encoded as it is', () => {
    expect(parseCookies('access_token=path-api; access_token=path-root; b=%E0%A4%A')).toEqual({
      access_token: 'path-api',
      b: '%E0%A4%A',
    });
  });

  it('clears under host-only, host, localhost and IP domain variants', () => {
    expect(cookieDomains('localhost')).toEqual([null, 'localhost', '127.0.0.1']);
    expect(cookieDomains('192.168.1.20')).toEqual([null, '192.168.1.20', 'localhost', '127.0.0.1']);
    expect(cookieDomains('app.fluxion.io')).toEqual([
      null,
      'app.fluxion.io',
      'localhost',
      '127.0.0.1',
      '.app.fluxion.io',
      '.fluxion.io',
    ]);
  });

  it('writes expiring cookies for both names, every path and domain', () => {
    const lines = cookieClearStrings('10.0.0.5');
    expect(lines).toContain('access_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/');
    expect(lines).toContain(
      'refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; domain=10.0.0.5',
    );
    expect(lines).toContain(
      'refresh_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/; domain=localhost',
    );
    expect(lines.every((l) => l.startsWith('access_token=;') || l.startsWith('refresh_token=;'))).toBe(true);
  });

  it('really removes the cookies from the document', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets real cookies
    document.cookie = 'access_token=a; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets real cookies
    document.cookie = 'refresh_token=b; path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets real cookies
    document.cookie = 'other=keep; path=/';
    clearTokenCookies();
    expect(parseCookies(document.cookie)).toEqual({ other: 'keep' });
  });
});
