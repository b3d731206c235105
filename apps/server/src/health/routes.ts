import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { DATABASE_RETRY_AFTER_S } from '../http/errors.ts';
import { pingDatabase } from './queries.ts';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerEndpoint(app, endpoints.health, async () => ({ status: 'ok' }));
  // Not ready while the database is away: a load balancer sends the traffic elsewhere until it is back.
  registerEndpoint(app, endpoints.ready, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      // The reason goes to the log, not to an unauthenticated caller (it may name hosts and databases).
      request.log.warn({ reason: (error as Error).message }, 'not ready: database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ status: 'unavailable', database: 'unavailable' });
    }
  });
}
