import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { holdsToken, REDACTED, redactTokens } from './redaction.ts';

const SECRET_QUERY_KEYS = /^(token|refresh|code|state|access_token|refresh_token|client_secret)$/i;

/**
 * Request URLs without secrets: the values of secret-bearing query parameters by name, and any part of
 * the path, query name or value that looks like a credential (`redaction.ts`), percent-encoded or not.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = redactTokens(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  const redacted = new URLSearchParams();
  for (const [key, value] of params) {
    const secret = SECRET_QUERY_KEYS.test(key) || holdsToken(value);
    redacted.append(holdsToken(key) ? REDACTED : key, secret ? REDACTED : value);
  }
  return `${path}?${redacted.toString()}`;
}

/**
 * Local mode's log is for a person at a terminal: one short, coloured line per event
 * ("12:04:31 INFO: GET /api/projects/ 200 4 ms") instead of pino's JSON, which production keeps.
 */
function readableStream(): DestinationStream {
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
}

/**
 * Pino options for the app; `stream` sends the log lines elsewhere than stdout (tests read them). Besides
 * the named secrets (headers by name, the URL by `redactUrl`), every line is scrubbed of anything that
 * looks like a credential before it is written, whatever field or message holds it, in both formats (the
 * readable one is made from the scrubbed JSON).
 */
export function loggerOptions(level: string, stream?: DestinationStream, readable = false) {
  const destination = stream ?? (readable ? readableStream() : undefined);
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    hooks: { streamWrite: redactTokens },
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
    },
  };
}

/** Pino's levels in order ('silent' above all). */
const LEVEL_RANK: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** What a request log line is not worth: the web app's files and the health probes. */
const QUIET_PATHS = /^\/(assets\/|readyz|healthz|favicon|logo|default-avatar)/;

/**
 * The readable log's one line per request (Fastify's own two lines per request are off then): API
 * and sign-in calls only, with status and duration; failures at warn or error level.
 */
export function registerRequestLine(app: FastifyInstance): void {
  // A callback, not an async hook, and the level read first: every answer passes here.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    // Nothing read or built for a line the level leaves out (the URL's redaction is the dear part).
    if ((LEVEL_RANK[level] ?? 0) < (LEVEL_RANK[request.log.level] ?? 0)) return done();
    const path = request.url.split('?', 1)[0] ?? '';
    const logged =
      (path.startsWith('/api/') || path.startsWith('/accounts/') || path.startsWith('/webhooks/')) &&
      !QUIET_PATHS.test(path);
    if (logged) {
      request.log[level](
        `${request.method} ${redactUrl(request.url)} ${status} ${Math.round(reply.elapsedTime)} ms`,
      );
    }
    done();
  });
}
