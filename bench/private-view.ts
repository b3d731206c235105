/** What the benches hand the engine as the server would for the API bench's viewer and board settings. */
import type { GeneratedBoard } from './generate-board.ts';

/**
 * The items as a viewer who may read none of them gets them (the server's private forms,
 * apps/server/src/visibility/redact.ts): id, column and entry time kept, the rest hidden. `ids`: the ids
 * to use (strings of their own, as the items' snapshot gives them), in the items' order.
 */
export function privateForms(
  items: GeneratedBoard['items'],
  ids: readonly string[] = items.map((i) => i.id),
) {
  return items.map((item, i) => ({
    id: ids[i] as string,
    number: null,
    title: 'Private item',
    url: null,
    milestone: null,
    labels: [] as string[],
    column: item.column,
    enteredColumnAt: item.enteredColumnAt,
  }));
}

/**
 * The API bench's flow policies as the engine takes them (bench/api-load.ts stores the same as the
 * board's settings): an SLE, WIP limits on the 2nd–4th columns, a blocked label.
 */
export function benchPolicies(columns: readonly string[]) {
  const [a, b, c] = columns.slice(1, 4) as [string, string, string];
  return {
    sle: { percent: 85, days: 10 },
    wipLimits: { [a]: 500, [b]: 300, [c]: 200 },
    blockedLabel: 'blocked',
  };
}

type FlowCode = typeof import('../packages/flow/src/index.ts');

/**
 * The Flow report's input for `board` as a cold `/api/flow/` meets it after lead time and time in state
 * (both run here first on the kept timeline of its moves): the items as a viewer who may read none of
 * them gets them, their ids parsed apart from the moves' (as the items' snapshot gives them), in the
 * order of their first move when `inOrderOfMoves` (a big board's snapshot order); the API bench's
 * policies, a 30-day window.
 */
export function flowInputAfterFirstAnalyses(code: FlowCode, board: GeneratedBoard, inOrderOfMoves: boolean) {
  const moves = code.toTransitionColumns([...board.transitions].sort((a, b) => a.at - b.at));
  code.keepTimelines(moves);
  let source = board.items;
  if (inOrderOfMoves) {
    const rank = new Map(moves.itemIds.map((id, c) => [id, c]));
    const at = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
    source = [...source].sort((a, b) => at(a.id) - at(b.id));
  }
  const ids: string[] = JSON.parse(JSON.stringify(source.map((item) => item.id)));
  const base = {
    columns: board.columns,
    transitions: moves,
    items: privateForms(source, ids),
    now: board.now,
  };
  code.buildLeadTimeReport({ ...base, days: 30 } as never);
  // Time in State keeps the bottleneck's window for the Flow report when both read the same iteration.
  code.buildTimeInStateReport({ ...base, days: 30, storyDays: 14 } as never);
  const policies = benchPolicies(board.columns);
  return { ...base, days: 30, storyDays: 14, horizon: 14, targetItems: 10, policies, labelChanges: [] };
}
