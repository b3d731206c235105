import type { FastifyInstance } from 'fastify';
import { setRateWindow } from '../model/rate-limits.ts';
import { mintToken } from '../model/tokens.ts';
import { SCHEMA_VARIANTS } from '../model/types.ts';
import type { World } from '../model/world.ts';
import type { WebhookDispatcher } from '../webhooks/dispatcher.ts';
import { toMs } from './control-world.ts';
import type { FaultInput, Faults } from './faults.ts';
import type { OAuthState } from './oauth-state.ts';

type Advance = { ms?: number; seconds?: number; minutes?: number; hours?: number; days?: number };
export type SimControls = {
  world: World;
  faults: Faults;
  webhooks: WebhookDispatcher;
  oauth: OAuthState;
  demoStep: () => unknown;
};

function advanceMs(body: Advance): number {
  return (
    (body.ms ?? 0) +
    (body.seconds ?? 0) * 1e3 +
    (body.minutes ?? 0) * 6e4 +
    (body.hours ?? 0) * 3.6e6 +
    (body.days ?? 0) * 8.64e7
  );
}

/** Control API: clock, faults, webhooks, tokens, rate limits, OAuth apps, the demo board, the schema. */
export function registerSimControl(app: FastifyInstance, sim: SimControls): void {
  const { world, faults, webhooks, oauth } = sim;
  const clock = () => ({ now: new Date(world.now()).toISOString(), mode: world.clock.mode });
  app.get('/_sim/clock', async () => clock());
  app.post<{ Body: Advance }>('/_sim/clock/advance', async (req) => {
    world.clock.advance(advanceMs(req.body ?? {}));
    return clock();
  });
  app.post<{ Body: { to: string | number } }>('/_sim/clock', async (req) => {
    world.clock.set(toMs(req.body.to) ?? world.now());
    return clock();
  });
  app.get('/_sim/faults', async () => faults.all());
  app.post<{ Body: FaultInput }>('/_sim/faults', async (req) => faults.add(req.body));
  app.delete('/_sim/faults', async (_req, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>('/_sim/faults/:id', async (req, reply) =>
    reply.code(faults.remove(req.params.id) ? 204 : 404).send(),
  );
  app.post<{
    Body: { urls?: string[]; url?: string; secret?: string; orgSecrets?: Record<string, string> };
  }>('/_sim/webhooks', async (req) => {
    webhooks.urls = req.body.urls ?? (req.body.url ? [req.body.url] : webhooks.urls);
    if (req.body.secret !== undefined) webhooks.secret = req.body.secret;
    for (const [org, secret] of Object.entries(req.body.orgSecrets ?? {}))
      webhooks.orgSecrets.set(org.toLowerCase(), secret);
    return {
      urls: webhooks.urls,
      secretSet: webhooks.secret !== '',
      orgSecrets: [...webhooks.orgSecrets.keys()],
    };
  });
  app.get('/_sim/webhooks/deliveries', async () =>
    webhooks.deliveries.map(({ body, ...rest }) => ({ ...rest, payload: JSON.parse(body) })),
  );
  app.post<{ Params: { id: string } }>('/_sim/webhooks/deliveries/:id/redeliver', async (req, reply) =>
    reply.code(webhooks.redeliver(req.params.id) ? 202 : 404).send(),
  );
  app.post('/_sim/webhooks/flush', async () => {
    await webhooks.idle();
    return { delivered: webhooks.deliveries.length };
  });
  app.post<{ Body: { login: string; scopes?: string[] } }>('/_sim/tokens', async (req) => {
    const token = mintToken(world, req.body.login, req.body.scopes);
    return { token: token.token, login: token.login, scopes: token.scopes };
  });
  app.post<{
    Body: { login?: string; installationId?: number; limit?: number; remaining?: number; resetInMs?: number };
  }>('/_sim/rate-limit', async (req) => {
    // A user's budget (classic and user access tokens), or an installation's (its tokens share one).
    const key =
      req.body.installationId !== undefined
        ? `installation:${req.body.installationId}`
        : (req.body.login ?? '');
    const window = setRateWindow(world, key, req.body);
    return {
      limit: window.limit,
      remaining: window.limit - window.used,
      resetAt: new Date(window.resetAt).toISOString(),
    };
  });
  app.post<{ Body: { clientId: string; clientSecret: string; callbackUrl?: string; name?: string } }>(
    '/_sim/oauth-apps',
    async (req) => {
      const created = oauth.addApp(req.body);
      return { clientId: created.clientId, callbackUrl: created.callbackUrl };
    },
  );
  app.post('/_sim/demo/step', async () => sim.demoStep());
  app.get('/_sim/schema', async () => ({ schema: world.schema }));
  app.post<{ Body: { schema?: unknown } }>('/_sim/schema', async (req, reply) => {
    const schema = SCHEMA_VARIANTS.find((v) => v === req.body?.schema);
    if (!schema)
      return reply.code(400).send({ message: `schema must be one of: ${SCHEMA_VARIANTS.join(', ')}` });
    world.schema = schema;
    return { schema };
  });
  app.post<{ Body: { boardUpdatedAtFollowsMoves?: unknown; timelineEventLoss?: unknown } }>(
    '/_sim/quirks',
    async (req, reply) => {
      const { boardUpdatedAtFollowsMoves: follows, timelineEventLoss: loss } = req.body ?? {};
      if (follows === undefined && loss === undefined)
        return reply.code(400).send({ message: 'give boardUpdatedAtFollowsMoves or timelineEventLoss' });
      if (follows !== undefined && typeof follows !== 'boolean')
        return reply.code(400).send({ message: 'boardUpdatedAtFollowsMoves must be true or false' });
      if (loss !== undefined && loss !== 'github' && (typeof loss !== 'number' || !(loss >= 0 && loss <= 1)))
        return reply
          .code(400)
          .send({ message: "timelineEventLoss must be a number from 0 to 1, or 'github'" });
      if (typeof follows === 'boolean') world.boardUpdatedAtFollowsMoves = follows;
      if (typeof loss === 'number' || loss === 'github') {
        world.timelineEventLoss = loss;
        world.timelineLossOwed = 0;
      }
      return {
        boardUpdatedAtFollowsMoves: world.boardUpdatedAtFollowsMoves,
        timelineEventLoss: world.timelineEventLoss,
      };
    },
  );
}
