/** Typed errors thrown by services; `http/error-handler.ts` maps them to answers in one place. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const upstreamError = (message: string) => new AppError(502, 'upstream_error', message);

/** The answer (503) while the database cannot be reached: a restart or failover, over in seconds. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again in a few seconds';
export const DATABASE_RETRY_AFTER_S = 5;
