import {
  type Calendar,
  estimateWeights,
  itemsInIteration,
  type PlanHistory,
  planHistory,
  resolveIteration,
} from '@fluxion/flow';
import type { Db } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { type PlanFields, readPlanChanges, readPlanFields } from './queries.ts';

/** A board's plan fields and every item's plan over time, and when recording began. */
export type BoardPlan = PlanFields & { history: PlanHistory; knownSince: number };

export async function loadBoardPlan(db: Db, boardId: string): Promise<BoardPlan> {
  const [fields, changes] = await Promise.all([readPlanFields(db, boardId), readPlanChanges(db, boardId)]);
  const knownSince = changes.length > 0 ? (changes[0]?.at as number) : Number.POSITIVE_INFINITY;
  return { ...fields, history: planHistory(changes), knownSince };
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
  const plan = await loadBoardPlan(db, boardId);
  if (plan.iterationField === null) throw badRequest('this board has no Iteration field', 'iteration');
  const iteration = resolveIteration(plan.iterations, selector, calendar.dayOf(now));
  if (iteration === null) {
    if (selector === 'current' || selector === 'previous') {
      return { iterationId: null, title: null, ids: new Set() };
    }
    throw badRequest(`no iteration "${selector}" on this board`, 'iteration');
  }
  const ids = itemsInIteration(plan.history, iteration.id);
  return { iterationId: iteration.id, title: iteration.title, ids };
}

/** Each item's latest estimate, for `unit=estimate`; a 400 naming `unit` without an estimate field. */
export async function boardEstimates(db: Db, boardId: string): Promise<Map<string, number>> {
  const plan = await loadBoardPlan(db, boardId);
  if (plan.estimateField === null) {
    throw badRequest('unit=estimate needs an estimate field: choose one in Edit project', 'unit');
  }
  return estimateWeights(plan.history);
}

/** Each item's latest estimate where the board reads one (a parent's progress by estimate); else null. */
export async function estimatesIfAny(db: Db, boardId: string): Promise<Map<string, number> | null> {
  const plan = await loadBoardPlan(db, boardId);
  return plan.estimateField === null ? null : estimateWeights(plan.history);
}
