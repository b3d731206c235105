import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

const GITHUB_AVATARS = 'https://avatars.githubusercontent.com';
const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Security headers on every answer (@fastify/helmet). The CSP allows only what the built web app uses:
 * its own scripts and styles, avatars from GitHub (or a GitHub Enterprise host), the same-origin API.
 * Stripe Checkout is a top-level navigation, which CSP does not restrict. No framing at all
 * (clickjacking on delete/cancel). HSTS and upgrade-insecure-requests only when served over https:
 * on plain-http local mode they would break the app.
 */
export async function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const https = ctx.config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(ctx.config, https),
    },
    strictTransportSecurity: https ? { maxAge: YEAR_S, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
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
