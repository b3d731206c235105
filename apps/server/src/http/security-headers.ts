import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

const GITHUB_AVATARS = 'https://avatars.githubusercontent.com';
const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer (helmet's). The CSP allows only what the built web app uses:
 * its own scripts and styles, avatars from GitHub (or a GitHub Enterprise host), the same-origin API.
 * Stripe Checkout is a top-level navigation, which CSP does not restrict. No framing at all
 * (clickjacking on delete/cancel). HSTS and upgrade-insecure-requests only when served over https:
 * on plain-http local mode they would break the app.
 *
 * The headers depend on the configuration only (no CSP nonces): helmet writes them once at start and each
 * answer gets that list. @fastify/helmet built helmet's middleware again on every request (parsing the CSP
 * directives each time), a tenth of a warm analysis's CPU (docs/performance.md, "Warm answers"). They are
 * set on the reply, beside the route's own, not on the raw response: Node then writes the whole list as it
 * is given (a header set on the raw response first makes every later one go through `setHeader` again).
 */
export async function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const headers = Object.entries(helmetHeaders(helmetOptions(ctx.config)));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, https) },
    strictTransportSecurity: https ? { maxAge: YEAR_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet sets with `options`, read from one run of its middleware. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function contentSecurityPolicy(config: Config, https: boolean): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...imageHosts(config)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** GitHub's avatar host, and the GitHub host itself when it is not github.com (Enterprise, the simulator). */
function imageHosts(config: Config): string[] {
  const host = new URL(config.github.webUrl).origin;
  return host === 'https://github.com' ? [GITHUB_AVATARS] : [GITHUB_AVATARS, host];
}
