import { z } from 'zod';
import { apiErrorSchema, type Endpoint, endpoints } from './endpoints.ts';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'Invalid input: the message names the field',
  '401': 'Missing, expired or invalid credentials',
  '402': 'The subscription has ended: this analysis needs Fluxion Analytics Pro',
  '404': 'Not found, or not visible to this user',
  '410': 'A share link that was revoked or has expired',
  '429': 'Too many requests (see Retry-After)',
  '502': 'GitHub or Stripe failed',
  '503': 'The database is away for a moment (see Retry-After)',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/projects/:id/` → `/api/projects/{id}/`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

function parameters(endpoint: Endpoint): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const required = where === 'path' || (object.required ?? []).includes(name);
      list.push({ name, in: where, required, schema: property });
    }
  }
  return list;
}

function contentType(endpoint: Endpoint): string {
  if (endpoint.path.endsWith('.csv')) return 'text/csv';
  return endpoint.tag === 'Docs' && endpoint.path.endsWith('/') ? 'text/html' : 'application/json';
}

function responses(endpoint: Endpoint): Record<string, JsonSchema> {
  const answers: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    const description = describeStatus(status);
    answers[status] = schema
      ? {
          description,
          content: {
            [contentType(endpoint)]: {
              schema: jsonSchema(schema, 'output'),
            },
          },
        }
      : { description };
  }
  const errorBody = {
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
  for (const status of errorStatuses(endpoint)) {
    answers[status] ??= { description: ERROR_ANSWERS[status], ...errorBody };
  }
  return answers;
}

function describeStatus(status: string): string {
  if (status === '302') return 'Redirect';
  if (status === '204') return 'Done, no body';
  return status.startsWith('2') ? 'Success' : (ERROR_ANSWERS[status] ?? 'Error');
}

/** The error answers an endpoint can give, so that /healthz does not list a paywall. */
function errorStatuses(endpoint: Endpoint): string[] {
  const takesInput = Boolean(endpoint.params || endpoint.query || endpoint.body);
  const when: Record<string, boolean> = {
    '400': takesInput,
    '401': endpoint.auth !== 'none' || endpoint.tag === 'Auth',
    '402': endpoint.tag === 'Analytics' || endpoint.path === '/api/shared/',
    '404': Boolean(endpoint.params) || endpoint.tag === 'Analytics' || endpoint.tag === 'GitHub',
    '410': endpoint.path === '/api/shared/',
    '429': endpoint.tag === 'Auth' || endpoint.rateLimited === true,
    '502': endpoint.tag === 'GitHub' || endpoint.tag === 'Billing',
    '503': endpoint.tag !== 'Docs' && endpoint.path !== '/healthz',
  };
  return Object.keys(ERROR_ANSWERS).filter((status) => when[status]);
}

function operation(name: string, endpoint: Endpoint): Operation {
  const op: Operation = {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    parameters: parameters(endpoint),
    responses: responses(endpoint),
  };
  if (endpoint.auth === 'bearer') op.security = [{ bearer: [] }];
  if (endpoint.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
    };
  }
  return op;
}

/** The whole API as an OpenAPI 3.1 document, made from the endpoint table. */
export function buildOpenApiDocument(options: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    for (const path of [endpoint.path, ...(endpoint.aliases ?? [])]) {
      const key = openApiPath(path);
      const item = paths[key] ?? {};
      paths[key] = item;
      item[endpoint.method.toLowerCase()] = operation(
        path === endpoint.path ? name : `${name}Alias`,
        endpoint,
      );
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fluxion Analytics API',
      version: options.version,
      description:
        'Flow analytics for GitHub Projects boards. Made from the endpoint table in packages/contract.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
