import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_KEYS = /^(token|refresh|code|state|access_token|refresh_token|client_secret)$/i;

/** Request URLs without the values of secret-bearing query parameters. */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url) }),
    },
  };
}
