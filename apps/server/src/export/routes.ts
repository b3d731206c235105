import { endpoints } from '@fluxion/contract';
import { buildCalendar } from '@fluxion/flow';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizeAnalysis, viewerOf } from '../analytics/access.ts';
import { exportCalendarOf } from '../analytics/board.ts';
import { filteredBoardItems } from '../analytics/board-data.ts';
import type { ApiContext } from '../context.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { readEstimateBases } from '../move-log/items.ts';
import { csvStream, itemRecords, itemsCsvHeader } from './items-csv.ts';
import { breakdownValuesNow } from '../analytics/breakdown.ts';
import { auditSource, movesCsv, movesJson } from './moves-audit.ts';

/** A file name from the board's title: letters, digits and dashes only. */
export function exportFileName(title: string, what: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'board'}-${what}.csv`;
}

/**
 * GET /api/export/items.csv?project=&label=… — the board's items the analyses' filter keeps, as the
 * viewer may see them, on the board's calendar, streamed.
 */
export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: ApiContext }) {
  // Sign-in, paywall and access to the board in one statement, as for the analyses.
  app.addHook('preHandler', authorizeAnalysis(ctx));
  registerEndpoint(app, endpoints.exportItems, async (request, reply) => {
    const { board, items, historyKnownFrom, hidden } = await filteredBoardItems(
      ctx,
      viewerOf(request),
      request.query,
    );
    // Left out, no figure of the file rests on an estimate: the columns stay empty.
    const estimated =
      request.query.estimated === 'leave_out' ? new Map() : await readEstimateBases(ctx.db, board.id);
    const calendar = buildCalendar(board.calendar);
    const field = board.breakdownField && !board.breakdownField.gone ? board.breakdownField : null;
    const header = itemsCsvHeader(exportCalendarOf(board), field?.name ?? null);
    const fieldValues = field ? await breakdownValuesNow(ctx.db, board, hidden) : undefined;
    const history = { knownFrom: historyKnownFrom, estimated, ...(fieldValues ? { fieldValues } : {}) };
    const body = csvStream(header, itemRecords(items, ctx.now(), calendar, history));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(board.title, 'items')}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  // The audit log: every recorded move, whatever the analyses' filters (none apply to evidence).
  const audit = async (request: FastifyRequest & { query: { project: string } }) => {
    const viewer = viewerOf(request);
    const { project } = request.query;
    const { board, items } = await filteredBoardItems(ctx, viewer, { project });
    const { title } = board;
    return { source: auditSource(ctx.db, { boardId: board.id, project, title }, items), title, board };
  };
  registerEndpoint(app, endpoints.exportMoves, async (request, reply) => {
    const { source, title, board } = await audit(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(title, 'moves')}"`)
      .header('cache-control', 'no-store')
      .send(movesCsv(source, exportCalendarOf(board)));
  });
  registerEndpoint(app, endpoints.exportMovesJson, async (request, reply) => {
    const { source, title } = await audit(request);
    const file = exportFileName(title, 'moves').replace(/\.csv$/, '.json');
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'no-store')
      .send(movesJson(source));
  });
}
