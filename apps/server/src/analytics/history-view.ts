import type { EstimatedOption } from '@fluxion/contract';
import type { BoardColumns } from '@fluxion/flow';
import type { BoardData } from '../move-log/load-moves.ts';

type HistoryInput = Pick<
  BoardColumns,
  'partialHistory' | 'leftOutMoves' | 'estimatedItems' | 'joinedOnlyItems'
>;

/** Per loaded board: its partial items but those it reconstructed, and those it did (made once). */
const withEstimates = new WeakMap<BoardData, HistoryInput>();

/**
 * What an analysis hands the engine of a board's history (docs/metrics.md, "Reconstructed histories"):
 * with the estimated steps (the default), a reconstructed item counts as complete and its points say it
 * is estimated; without them (`leave_out`), its estimated moves are left out and the partial rule holds.
 * An item of which only the joining was reconstructed stays partial, its lead time known.
 */
export function historyInput(data: BoardData, estimated: EstimatedOption | undefined): HistoryInput {
  if (estimated === 'leave_out')
    return { partialHistory: data.partial, leftOutMoves: data.estimated.size > 0 ? data.estimated : null };
  let input = withEstimates.get(data);
  if (!input) {
    const reconstructed = (itemId: string) => data.estimated.has(itemId) && !data.joinedOnly.has(itemId);
    const partial = new Map([...data.partial].filter(([itemId]) => !reconstructed(itemId)));
    input = {
      partialHistory: partial,
      estimatedItems: new Set([...data.estimated.keys()].filter(reconstructed)),
      joinedOnlyItems: data.joinedOnly.size > 0 ? data.joinedOnly : null,
    };
    withEstimates.set(data, input);
  }
  return input;
}
