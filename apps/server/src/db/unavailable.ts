/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a network cut,
 * the connections used up) rather than a fault in the query: such requests answer 503 and are retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // The error itself only, not its causes: a failed call to GitHub or Stripe carries a network error as
  // its cause, and is not the database's doing.
  return typeof error === 'object' && error !== null && isUnavailableCause(error as ErrorLike);
}

type ErrorLike = { code?: unknown; severity?: unknown; message?: unknown };

// SQLSTATE classes: 08 connection exception, 53 insufficient resources (too many connections), 57P operator
// intervention (57P01 admin shutdown: pg_terminate_backend; 57P02 crash shutdown; 57P03 cannot connect now).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's error for a query unanswered within `query_timeout` (in pipeline mode it then destroys the connection). */
export const READ_TIMEOUT_MESSAGE = 'Query read timeout';

// node-postgres reports a lost connection with plain errors, without a code.
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  // The pipelined hot reads' connection unanswered in time (db/pipelined-reads.ts): it is closed and opened again.
  READ_TIMEOUT_MESSAGE,
];

function isUnavailableCause(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
  // A FATAL error ends the session: refused connections (a database not accepting them) report one.
  if (error.severity === 'FATAL' || error.severity === 'PANIC') return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return LOST_CONNECTION_MESSAGES.some((text) => message.includes(text));
}
