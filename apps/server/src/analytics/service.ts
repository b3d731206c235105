import type {
  ColumnStatsResponse,
  IssuesResponse,
  LeadTimeResponse,
  TimeInStateResponse,
} from '@fluxion/contract';
import {
  buildColumnStats,
  buildIssuesInColumnReport,
  buildLeadTimeReport,
  buildTimeInStateReport,
} from '@fluxion/flow';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { TrackedRow } from '../projects/queries.ts';
import { resolveProject } from '../projects/service.ts';
import { toApiProject } from '../projects/to-api.ts';
import { ResultCache } from './cache.ts';
import { type BoardData, boardDataVersion, loadBoardData } from './queries.ts';

/** Loaded boards are reused while their data version holds; results for a minute, since ages move with time. */
const boardCache = new ResultCache<Promise<BoardData>>(8, 10 * 60_000);
const resultCache = new ResultCache<unknown>(500, 60_000);

type Board = { row: TrackedRow; columns: string[]; data: BoardData; version: string };

async function loadBoard(ctx: AppContext, userId: string, projectId: string): Promise<Board> {
  const row = await resolveProject(ctx, userId, projectId);
  const version = await boardDataVersion(ctx.db, row.id);
  const key = `${row.id}:${version}`;
  const now = ctx.now();
  let data = boardCache.get(key, now);
  if (!data) {
    data = loadBoardData(ctx.db, row.id);
    boardCache.set(key, data, now);
    data.catch(() => boardCache.set(key, Promise.reject(new Error('stale')), 0));
  }
  return { row, columns: toApiProject(row).column_list, data: await data, version };
}

function cached<T>(ctx: AppContext, key: string, compute: () => T): T {
  const now = ctx.now();
  const hit = resultCache.get(key, now);
  if (hit !== undefined) return hit as T;
  const value = compute();
  resultCache.set(key, value, now);
  return value;
}

export async function leadTime(
  ctx: AppContext,
  userId: string,
  query: { project: string; days: number; cycle_time?: string | undefined },
): Promise<LeadTimeResponse> {
  const board = await loadBoard(ctx, userId, query.project);
  // Without the parameter, the project's own cycle-start column applies.
  const cycleStart = query.cycle_time || toApiProject(board.row).cycle_time_start_column;
  if (cycleStart && !board.columns.includes(cycleStart)) {
    throw badRequest(`cycle_time: "${cycleStart}" is not a column of this project`, 'cycle_time');
  }
  const key = `lead:${board.row.id}:${board.version}:${query.days}:${cycleStart ?? ''}`;
  return cached(ctx, key, () =>
    buildLeadTimeReport({
      columns: board.columns,
      cycleStartColumn: cycleStart,
      transitions: board.data.transitions,
      days: query.days,
      now: ctx.now(),
    }),
  ) as LeadTimeResponse;
}

export async function timeInState(
  ctx: AppContext,
  userId: string,
  query: { project: string; days: number },
): Promise<TimeInStateResponse> {
  const board = await loadBoard(ctx, userId, query.project);
  const key = `tis:${board.row.id}:${board.version}:${query.days}`;
  return cached(ctx, key, () =>
    buildTimeInStateReport({
      columns: board.columns,
      transitions: board.data.transitions,
      items: board.data.items,
      days: query.days,
      now: ctx.now(),
    }),
  ) as TimeInStateResponse;
}

export async function issuesInColumn(
  ctx: AppContext,
  userId: string,
  query: { project: string; column: string },
): Promise<IssuesResponse> {
  const board = await loadBoard(ctx, userId, query.project);
  if (!board.columns.includes(query.column)) {
    throw badRequest(`column: "${query.column}" is not a column of this project`, 'column');
  }
  const days = board.row.iteration_length_days ?? toApiProject(board.row).iteration_length_days;
  const key = `issues:${board.row.id}:${board.version}:${days}:${query.column}`;
  return cached(ctx, key, () =>
    buildIssuesInColumnReport({
      columns: board.columns,
      column: query.column,
      items: board.data.items,
      days,
      now: ctx.now(),
    }),
  ) as IssuesResponse;
}

export async function columnStats(
  ctx: AppContext,
  userId: string,
  projectId: string,
): Promise<ColumnStatsResponse> {
  const board = await loadBoard(ctx, userId, projectId);
  const key = `stats:${board.row.id}:${board.version}`;
  const stats = cached(ctx, key, () =>
    buildColumnStats({ columns: board.columns, items: board.data.items, now: ctx.now() }),
  );
  return { column_stats: stats };
}
