import type { Db } from '../db/connection.ts';
import type { TransitionSource } from './moves.ts';

/** One recorded move as the audit export gives it: what moved, GitHub's stamp, how and when it was learnt. */
export type AuditedMove = {
  id: number;
  itemId: string;
  from: string | null;
  to: string | null;
  at: number;
  source: TransitionSource;
  recordedAt: number;
  /** An estimated move's evidence (`EstimateBasis`: 'added', 'assigned', 'labeled'…); null for a recorded one. */
  basis: string | null;
};

/** Rows per query: a page is read only when the export's reader has taken the one before. */
const PAGE = 5000;

/**
 * Every move the board has recorded, in the order Fluxion recorded them (their ids), read a page at a time
 * by id: a 1,000,000-move board streams in flat memory, and a move recorded during the export after its
 * last page is not in it.
 */
export async function* recordedMoves(db: Db, boardId: string, page = PAGE): AsyncGenerator<AuditedMove> {
  const last = await db
    .selectFrom('transitions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  const upTo = Number(last?.id ?? 0);
  let after = 0;
  while (after < upTo) {
    const rows = await db
      .selectFrom('transitions')
      .select(['id', 'item_id', 'from_column', 'to_column', 'at', 'source', 'recorded_at', 'basis'])
      .where('board_id', '=', boardId)
      .where('id', '>', after)
      .where('id', '<=', upTo)
      .orderBy('id')
      .limit(page)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows) {
      yield {
        id: Number(r.id),
        itemId: r.item_id,
        from: r.from_column,
        to: r.to_column,
        at: Number(r.at),
        source: r.source as TransitionSource,
        recordedAt: Number(r.recorded_at),
        basis: r.basis,
      };
    }
    after = Number(rows.at(-1)?.id);
  }
}
