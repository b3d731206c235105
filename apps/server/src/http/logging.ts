import type { FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';

const SECRET_QUERY_KEYS = /^(token|refresh|code|state|access_token|refresh_token|client_secret)$/i;

/** Request URLs without the values of secret-bearing query parameters. */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

/** Pino options for the app; `stream` sends the log lines elsewhere than stdout (tests read them). */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
    },
  };
}
