import type { ItemFilterQuery, ParentsQuery, ParentsResponse } from '@fluxion/contract';
import { buildParentsReport, dropItems } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import { estimatesIfAny } from '../iterations/board-iterations.ts';
import { historyInput } from './history-view.ts';
import type { FilterView } from './item-filter.ts';
import { boardData } from './board-data.ts';
import { type AnalysisKind, read, serve } from './analysis-kind.ts';
import { levelInfo } from './level-of-work.ts';

/**
 * GET /api/parents/: every parent on the board (an item with a child on it) with its children, progress,
 * lead time and forecast (docs/metrics.md, "Parents"), from all the items the viewer sees whatever the
 * level of work: a parent's children are what it is made of. `item`: that parent alone (404 if it is none).
 */
const PARENTS: AnalysisKind<ParentsQuery & Partial<ItemFilterQuery>, ParentsResponse> & { object: true } = {
  name: 'parents',
  // The digest reads it as an object too (parents that slipped).
  object: true,
  readsItems: () => true,
  compute: async ({ ctx, board, query, view }) => {
    const items = (view as FilterView).items;
    const data = await boardData(ctx, board);
    const transitions = view?.archived ? dropItems(data.transitions, view.archived) : data.transitions;
    const estimates = await estimatesIfAny(ctx.db, board.id);
    const report = buildParentsReport({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      ...historyInput(data, query.estimated),
      transitions,
      items,
      now: ctx.now(),
      calendar: board.calendar,
      ...(estimates ? { estimates } : {}),
    });
    const parents = query.item ? report.parents.filter((p) => p.id === query.item) : report.parents;
    return {
      ...report,
      parents,
      level_of_work: levelInfo(items, board.workLevel, (view as FilterView).leftAll),
    };
  },
};

export const parentsOf = (ctx: ApiContext, viewer: Viewer, query: ParentsQuery) =>
  serve(ctx, viewer, PARENTS, query);

/** The parents report as the digest reads it: the same cached computation as GET /api/parents/'s. */
export const parentsReportOf = (ctx: ApiContext, viewer: Viewer, query: ParentsQuery) =>
  read(ctx, viewer, PARENTS, query);
