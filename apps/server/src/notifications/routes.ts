import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { perUserRateLimit } from '../http/rate-limit.ts';
import type { Channels } from './channels.ts';
import {
  notificationSettings,
  resendEmailConfirmation,
  saveNotificationSettings,
  sendTestDigest,
  unsubscribe,
  unsubscribeTarget,
} from './service.ts';
import {
  BAD_CONFIRMATION_PAGE,
  BAD_LINK_PAGE,
  confirmEmailPage,
  confirmPage,
  donePage,
  emailConfirmedPage,
} from './unsubscribe-page.ts';
import { confirmEmail } from './email-confirmation.ts';

const HOUR_MS = 3_600_000;

/** A user's notification settings of a board, and "Send a test digest now" (signed in). */
export async function notificationRoutes(
  app: FastifyInstance,
  { ctx, channels }: { ctx: ApiContext; channels: Channels },
) {
  app.addHook('preHandler', authenticate(ctx));
  registerEndpoint(app, endpoints.notificationSettings, (request) =>
    notificationSettings(ctx, request.userId, request.params.id),
  );
  registerEndpoint(app, endpoints.saveNotificationSettings, (request) =>
    saveNotificationSettings(ctx, channels, request.userId, request.params.id, request.body),
  );
  registerEndpoint(
    app,
    endpoints.resendEmailConfirmation,
    (request) => resendEmailConfirmation(ctx, channels, request.userId, request.params.id),
    { config: { rateLimit: perUserRateLimit(10, HOUR_MS) } },
  );
  registerEndpoint(
    app,
    endpoints.sendTestDigest,
    (request) => sendTestDigest(ctx, channels, request.userId, request.params.id),
    { config: { rateLimit: perUserRateLimit(ctx.config.notifications.testDigestsPerHour, HOUR_MS) } },
  );
}

/**
 * The unsubscribe link, without sign-in: GET shows one button; POST (the button, or a mail client's
 * RFC 8058 one-click `List-Unsubscribe=One-Click`) turns the message off. Form bodies are accepted here
 * only, and their content is not needed: the signed token in the URL says everything.
 */
export async function unsubscribeRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );
  }
  const html = 'text/html; charset=utf-8';
  // These pages carry their own styles and nothing else: no script, no other origin.
  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
  });
  registerEndpoint(app, endpoints.confirmEmailPage, async (request, reply) =>
    reply.type(html).send(confirmEmailPage(request.query.token)),
  );
  registerEndpoint(app, endpoints.confirmEmail, async (request, reply) => {
    const confirmed = await confirmEmail(ctx, request.query.token);
    if (!confirmed) return reply.status(400).type(html).send(BAD_CONFIRMATION_PAGE);
    return reply.type(html).send(emailConfirmedPage(confirmed.email, ctx.config.publicUrl));
  });
  registerEndpoint(app, endpoints.unsubscribePage, async (request, reply) => {
    const target = await unsubscribeTarget(ctx, request.query.token);
    if (!target) return reply.status(400).type(html).send(BAD_LINK_PAGE);
    return reply.type(html).send(confirmPage(target, request.query.token));
  });
  registerEndpoint(app, endpoints.unsubscribe, async (request, reply) => {
    const target = await unsubscribe(ctx, request.query.token);
    if (!target) return reply.status(400).type(html).send(BAD_LINK_PAGE);
    return reply.type(html).send(donePage(target, ctx.config.publicUrl));
  });
}
