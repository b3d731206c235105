import { parseCookie } from 'cookie';
import { ACCESS_KEY, REFRESH_KEY } from './tokens.ts';

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';
const PATHS = ['/', '/accounts', '/accounts/github', '/accounts/github/login', '/api'];

/** `document.cookie` as name → value (decoded; a name sent twice keeps its first, most specific, value). */
export function parseCookies(cookie: string): Record<string, string> {
  const parsed = parseCookie(cookie);
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const isIp = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/**
 * The domain variants logout clears cookies under: none (host-only), the host, its parent domain, localhost
 * and the IP host.
 */
export function cookieDomains(hostname: string): (string | null)[] {
  const domains = new Set<string | null>([null, hostname, 'localhost', '127.0.0.1']);
  if (!isIp(hostname) && hostname.includes('.')) {
    domains.add(`.${hostname}`);
    const parts = hostname.split('.');
    if (parts.length > 2) domains.add(`.${parts.slice(-2).join('.')}`);
  }
  return [...domains];
}

/** Every `document.cookie` assignment that expires the token cookies, on every path and domain variant. */
export function cookieClearStrings(hostname: string): string[] {
  const out: string[] = [];
  for (const name of [ACCESS_KEY, REFRESH_KEY]) {
    out.push(`${name}=; ${EXPIRED}`);
    for (const path of PATHS) {
      for (const domain of cookieDomains(hostname)) {
        out.push(`${name}=; ${EXPIRED}; path=${path}${domain ? `; domain=${domain}` : ''}`);
      }
    }
  }
  return out;
}

export function clearTokenCookies(doc: Document = document): void {
  for (const line of cookieClearStrings(doc.location?.hostname ?? 'localhost')) doc.cookie = line;
}
