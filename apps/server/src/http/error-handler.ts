import type { ApiError } from '@fluxion/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from './errors.ts';
import { onePerInterval } from './log-throttle.ts';

/** One place that turns every failure into a JSON answer with a clear message. */
export function registerErrorHandler(app: FastifyInstance): void {
  const unavailableLogDue = onePerInterval(DATABASE_RETRY_AFTER_S * 1000);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send(errorBody('bad_request', message, field));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.field));
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('bad_request', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Expected during a database restart or failover, and alike for every request: a line every few
      // seconds, no stack. Clients retry (GitHub redelivers).
      const heldBack = unavailableLogDue();
      if (heldBack !== null) request.log.warn({ reason: error.message, heldBack }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send(errorBody('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Internal server error'));
  });
}

export function errorBody(error: string, message: string, field?: string): ApiError {
  return field ? { error, message, field } : { error, message };
}
