import { BOARD_TIME_ZONE, endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authorizeAnalysis, viewedBoard, viewerOf } from '../analytics/access.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { itemsForViewer } from '../visibility/viewer-items.ts';
import { csvStream, itemRecords, itemsCsvHeader } from './items-csv.ts';

/** A file name from the board's title: letters, digits and dashes only. */
export function exportFileName(title: string, what: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'board'}-${what}.csv`;
}

/** GET /api/export/items.csv?project= — the board's items as the viewer may see them, streamed. */
export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  // Sign-in, paywall and access to the board in one statement, as for the analyses.
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.exportItems, async (request, reply) => {
    const row = viewedBoard(viewerOf(request), request.query.project);
    const version = Number(row.data_version);
    const view = await itemsForViewer(ctx, request.userId, row, () =>
      ctx.analytics.boards.items(ctx.db, row.id, version),
    );
    const body = csvStream(itemsCsvHeader(BOARD_TIME_ZONE), itemRecords(view.items, ctx.now()));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(row.title, 'items')}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
