import {
  type Calendar,
  estimateWeights,
  itemsInIteration,
  type IterationHistory,
  iterationHistory,
  resolveIteration,
} from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { type IterationFields, readIterationChanges, readIterationFields } from './queries.ts';

/** A board's iteration fields and every item's iteration and estimate over time, and when recording began. */
export type BoardIterations = IterationFields & { history: IterationHistory; knownSince: number };

export async function loadBoardIterations(db: Db, boardId: string): Promise<BoardIterations> {
  const [fields, changes] = await Promise.all([
    readIterationFields(db, boardId),
    readIterationChanges(db, boardId),
  ]);
  const knownSince = changes.length > 0 ? (changes[0]?.at as number) : Number.POSITIVE_INFINITY;
  return { ...fields, history: iterationHistory(changes), knownSince };
}

/**
 * The items of the iteration `selector` names (docs/metrics.md, "Iterations and estimates"), with its id:
 * none when `current` or `previous` names no iteration today; a 400 naming `iteration` when the board has
 * no Iteration field or no iteration of that id or title.
 */
export async function iterationItems(
  db: Db,
  boardId: string,
  selector: string,
  calendar: Calendar,
  now: number,
): Promise<{ iterationId: string | null; title: string | null; ids: Set<string> }> {
  const boardIterations = await loadBoardIterations(db, boardId);
  if (boardIterations.iterationField === null)
    throw badRequest('this board has no Iteration field', 'iteration');
  const iteration = resolveIteration(boardIterations.iterations, selector, calendar.dayOf(now));
  if (iteration === null) {
    if (selector === 'current' || selector === 'previous') {
      return { iterationId: null, title: null, ids: new Set() };
    }
    throw badRequest(`no iteration "${selector}" on this board`, 'iteration');
  }
  const ids = itemsInIteration(boardIterations.history, iteration.id);
  return { iterationId: iteration.id, title: iteration.title, ids };
}

/** Each item's latest estimate, for `unit=estimate`; a 400 naming `unit` without an estimate field. */
export async function boardEstimates(db: Db, boardId: string): Promise<Map<string, number>> {
  const boardIterations = await loadBoardIterations(db, boardId);
  if (boardIterations.estimateField === null) {
    throw badRequest('unit=estimate needs an estimate field: choose one in Edit project', 'unit');
  }
  return estimateWeights(boardIterations.history);
}

/** Each item's latest estimate where the board reads one (a parent's progress by estimate); else null. */
export async function estimatesIfAny(db: Db, boardId: string): Promise<Map<string, number> | null> {
  const boardIterations = await loadBoardIterations(db, boardId);
  return boardIterations.estimateField === null ? null : estimateWeights(boardIterations.history);
}
