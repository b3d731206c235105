import { buildOpenApiDocument, endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoint.ts';
import { renderApiDocsPage } from './page.ts';

/** GET /api/openapi.json and GET /api/docs/: the API, made from the contract's endpoint table. */
export async function apiDocsRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: () => string }) {
  const document = () => buildOpenApiDocument({ version: API_VERSION, serverUrl: publicUrl() });
  let page: string | null = null;
  registerEndpoint(app, endpoints.openApi, async () => document());
  registerEndpoint(app, endpoints.apiDocs, async (_request, reply) => {
    page ??= renderApiDocsPage(document());
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

const API_VERSION = '1.0.0';
