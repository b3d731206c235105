import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/error-handler.ts';

const SERVER_PREFIXES = ['/api/', '/accounts/', '/webhooks/', '/healthz', '/readyz', '/metrics'];

/**
 * Vite names the bundles in assets/ by their content hash: a changed file is a new name, so browsers may
 * keep them for good. index.html names the current bundles, so it is checked every time; anything else
 * (icons) after an hour.
 */
function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  return path.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600';
}

/**
 * Serves the built web app when there is one; client-side routes (GET, no file extension, not a server
 * path) fall back to index.html, everything else unknown answers a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  root: string | null,
  pages: LegalPages = { privacyContact: 'privacy@localhost' },
): Promise<void> {
  const hasSpa = root !== null && existsSync(root);
  if (root && !hasSpa) app.log.warn({ root }, 'web app is not built; run `npm run build`');
  if (hasSpa) registerPrivacyPolicy(app, root, pages.privacyContact);
  // wildcard: files are looked up per request, so a rebuild of the web app is served without a restart.
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(path)),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => path.startsWith(p));
    if (hasSpa && request.method === 'GET' && !isServerPath && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${path}`));
  });
}

/** What the legal pages name that is the operator's to say. */
export type LegalPages = { privacyContact: string };

/** The placeholder privacy.html holds where the operator's contact goes. */
export const PRIVACY_CONTACT_PLACEHOLDER = '{{PRIVACY_CONTACT}}';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The privacy policy with the contact this server's operator names (PRIVACY_CONTACT), HTML-escaped. */
function registerPrivacyPolicy(app: FastifyInstance, root: string, contact: string): void {
  app.get('/privacy.html', async (_request, reply) => {
    const page = await readFile(join(root, 'privacy.html'), 'utf8').catch(() => null);
    if (page === null)
      return reply.status(404).send(errorBody('not_found', 'No route for GET /privacy.html'));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(page.replaceAll(PRIVACY_CONTACT_PLACEHOLDER, escapeHtml(contact)));
  });
}
