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
