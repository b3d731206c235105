import type { Db } from '../db/connection.ts';
import type { EstimateBasis } from '@fluxion/flow';
import type { TransitionSource } from './moves.ts';

/** One item's recorded moves with how each was learnt (an estimated one: its basis), oldest first (the item page's list). */
export async function loadItemMoves(db: Db, boardId: string, itemId: string) {
  const rows = await db
    .selectFrom('transitions')
    .select(['from_column', 'to_column', 'at', 'source', 'basis'])
    .where('board_id', '=', boardId)
    .where('item_id', '=', itemId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    itemId,
    from: r.from_column,
    to: r.to_column,
    at: Number(r.at),
    source: r.source as TransitionSource,
    basis: r.basis as EstimateBasis | null,
  }));
}
