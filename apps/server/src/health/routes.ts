import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection.ts';

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      return reply.status(503).send({ status: 'unavailable', database: (error as Error).message });
    }
  });
}
