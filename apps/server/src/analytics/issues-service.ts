import type { BoardColumnStatsResponse, IssuesResponse, ItemFilterQuery } from '@fluxion/contract';
import { buildColumnStats, buildIssuesInColumnReport } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import { badRequest } from '../http/errors.ts';
import { keptItems } from './board-data.ts';
import { type AnalysisKind, noted, type Project, serve } from './analysis-kind.ts';

type IssuesQuery = { project: string; column: string } & Partial<ItemFilterQuery>;

const ISSUES_IN_COLUMN: AnalysisKind<IssuesQuery, IssuesResponse> = {
  name: 'issues',
  check: ({ board, query }) => {
    if (!board.columns.includes(query.column)) {
      throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
    }
  },
  readsItems: () => true,
  compute: async (input) => {
    const { ctx, board, query } = input;
    const report = buildIssuesInColumnReport({
      columns: board.columns,
      cycleStartColumn: board.cycleStart,
      classification: board.classification,
      column: query.column,
      // Without a filter the moves are not needed: they are not loaded.
      items: await keptItems(input),
      days: board.iterationDays,
      now: ctx.now(),
      calendar: board.calendar,
    }) as IssuesResponse;
    report.column_stats.performance_insight = noted(report.column_stats.performance_insight, input);
    return report;
  },
};

const COLUMN_STATS: AnalysisKind<Project & Partial<ItemFilterQuery>, BoardColumnStatsResponse> = {
  name: 'stats',
  readsItems: () => true,
  compute: async (input) => {
    const stats = buildColumnStats({
      columns: input.board.columns,
      items: await keptItems(input),
      now: input.ctx.now(),
      calendar: input.board.calendar,
    });
    return { column_stats: stats } as BoardColumnStatsResponse;
  },
};

export const issuesInColumn = (ctx: ApiContext, viewer: Viewer, query: IssuesQuery) =>
  serve(ctx, viewer, ISSUES_IN_COLUMN, query);

export const columnStats = (
  ctx: ApiContext,
  viewer: Viewer,
  projectId: string,
  query: Partial<ItemFilterQuery> = {},
) => serve(ctx, viewer, COLUMN_STATS, { ...query, project: projectId });
