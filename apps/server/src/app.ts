import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type AnalyticsState, createAnalyticsState } from './analytics/state.ts';
import type { ApiContext, AppContext } from './context.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { flowRoutes } from './analytics/flow-routes.ts';
import { overviewRoutes } from './analytics/overview-routes.ts';
import { exportRoutes } from './export/routes.ts';
import { revokeBoardShareLinks } from './sharing/queries.ts';
import { sharedViewRoutes, shareLinkRoutes } from './sharing/routes.ts';
import { createChannels } from './notifications/channels.ts';
import { forgetPreferences } from './notifications/preferences.ts';
import { notificationRoutes, unsubscribeRoutes } from './notifications/routes.ts';
import { registerNoStore } from './auth/no-store.ts';
import { oauthRoutes } from './auth/oauth-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { profileOf } from './billing/profile.ts';
import { healthRoutes } from './health/routes.ts';
import { apiDocsRoutes } from './api-docs/routes.ts';
import { checkAnswersAgainstContract, guardContractRoutes } from './http/contract-routes.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { queryRememberingCompiler } from './http/query-validation.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { accountRoutes } from './account/routes.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { loggerOptions, registerRequestLine } from './http/logging.ts';
import { githubRoutes } from './tracked-boards/github-routes.ts';
import { githubAppRoutes } from './installations/routes.ts';
import { personalBoardsRoutes } from './personal-boards/routes.ts';
import type { OnUntrack } from './tracked-boards/queries.ts';
import { projectRoutes } from './tracked-boards/routes.ts';
import { registerSpa } from './static/spa.ts';
import { githubWebhookRoutes } from './webhooks/github-routes.ts';
import { orgWebhookRoutes } from './webhooks/org-routes.ts';

export type BuildAppOptions = {
  /** Folder of the built web app, or null to serve only the API. */
  webRoot: string | null;
  /** Where log lines go instead of stdout (tests capture them to check that no secret is logged). */
  logStream?: DestinationStream;
  /** Tests: every JSON answer is checked against the endpoint table (http/contract-routes.ts). */
  checkAnswers?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own caches (the board store, analysis results): never shared with another app. */
    analytics: AnalyticsState;
  }
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions): Promise<FastifyInstance> {
  // Local mode logs for a person at a terminal (http/logging.ts); elsewhere pino's JSON lines.
  const readableLog = ctx.config.localMode && ctx.config.nodeEnv !== 'production';
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel, options.logStream, readableLog),
    ...(readableLog ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  // Background work and services log through the app's logger; set before any plugin copies the context.
  ctx.log ??= app.log;
  app.setValidatorCompiler(queryRememberingCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  if (readableLog) registerRequestLine(app);
  guardContractRoutes(app);
  if (options.checkAnswers) checkAnswersAgainstContract(app);
  await app.register(fastifyCookie, { secret: ctx.config.jwtSecret });
  // Analyses and the web app's bundles compress 4–10×; a column of thousands of issues is megabytes of
  // JSON. Brotli at a low quality: nearly gzip's speed, smaller output.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await registerSecurityHeaders(app, ctx);
  registerNoStore(app);
  await registerRateLimits(app, ctx);

  await app.register(healthRoutes, { db: ctx.db });
  await app.register(apiDocsRoutes, { publicUrl: () => ctx.config.publicUrl });
  await app.register(oauthRoutes, { ctx });
  // The profile tells the team plan that covers the user: billing/'s to answer (auth/ is below billing/).
  await app.register(authRoutes, { ctx, profileOf });
  // A board leaving a user's list takes their share links of it along (projects/ does not know sharing/).
  // …and their notification settings of it: nothing is sent about a board the user no longer tracks.
  const onUntrack: OnUntrack = async (trx, userId, boardId, now) => {
    await revokeBoardShareLinks(trx, userId, boardId, now);
    await forgetPreferences(trx, userId, boardId);
  };
  await app.register(projectRoutes, { ctx, onUntrack });
  await app.register(githubRoutes, { ctx });
  await app.register(githubAppRoutes, { ctx });
  await app.register(personalBoardsRoutes, { ctx });
  const analytics = createAnalyticsState(ctx.config.analytics, ctx.now);
  app.decorate('analytics', analytics);
  const api: ApiContext = { ...ctx, analytics };
  await app.register(analyticsRoutes, { ctx: api });
  await app.register(flowRoutes, { ctx: api });
  await app.register(overviewRoutes, { ctx: api });
  await app.register(exportRoutes, { ctx: api });
  await app.register(shareLinkRoutes, { ctx: api });
  await app.register(sharedViewRoutes, { ctx: api });
  const channels = createChannels(ctx.config.notifications);
  app.addHook('onClose', async () => channels.close());
  await app.register(notificationRoutes, { ctx: api, channels });
  await app.register(unsubscribeRoutes, { ctx: api });
  // Always on: an organization's owner may set its own webhook's secret at any time (org-routes.ts).
  await app.register(githubWebhookRoutes, { ctx });
  await app.register(orgWebhookRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(accountRoutes, { ctx, onUntrack });

  await registerSpa(app, options.webRoot, { privacyContact: ctx.config.privacyContact });
  return app;
}

/** Fastify takes a number of proxy hops at run time but not in its types: the same rule as a function. */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
