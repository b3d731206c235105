import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TransitionColumns, TransitionColumnsBuilder } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { keepTimelines, keptRowsById } from './kept-timeline.ts';
import { stayStarts } from './stay-starts.ts';
import {
  type BoardTimeline,
  buildRowTimeline,
  buildScratchTimeline,
  buildTimeline,
  type RowTimeline,
} from './timeline.ts';

const COLUMNS = ['Backlog', 'Ready', 'In Progress', 'Review', 'Done'];
const NAMES = [...COLUMNS, 'Gone', null];
type Move = [item: number, from: number, to: number, at: number];

const move = (items: number) =>
  fc.tuple(
    fc.integer({ min: 0, max: items - 1 }),
    fc.integer({ min: 0, max: NAMES.length - 1 }),
    fc.integer({ min: 0, max: NAMES.length - 1 }),
    // Few instants: ties and duplicates are common.
    fc.integer({ min: 0, max: 30 }),
  );

function append(builder: TransitionColumnsBuilder, moves: readonly Move[]): void {
  for (const [item, from, to, at] of moves)
    builder.append(`I${item}`, NAMES[from] ?? null, NAMES[to] ?? null, at * 1000);
}

/** Where each row's stays begin, counted from the stays (what a timeline not kept has made for it). */
function countedStarts(t: BoardTimeline): number[] {
  const from = new Array<number>(t.itemIds.length + 1).fill(0);
  for (let i = 0; i < t.stays.count; i++) {
    const next = (t.stays.item[i] as number) + 1;
    from[next] = (from[next] as number) + 1;
  }
  for (let row = 0; row < t.itemIds.length; row++)
    from[row + 1] = (from[row + 1] as number) + (from[row] as number);
  return from;
}

/** The same rows, not held: what a fresh build gives. */
const unheld = (c: TransitionColumns): TransitionColumns => ({ ...c });

/** Everything a timeline says, as plain values (the board is the caller's and compared apart). */
function plainRows(t: RowTimeline) {
  return {
    itemIds: [...t.itemIds],
    entries: [...t.entries],
    firstEntry: [...t.firstEntry],
    doneAt: [...t.doneAt],
    lastColumn: [...t.lastColumn],
    partialBefore: [...t.partialBefore],
    joinKnown: [...t.joinKnown],
  };
}

function plain(t: BoardTimeline) {
  const s = t.stays;
  return {
    ...plainRows(t),
    stays: {
      item: [...s.item.subarray(0, s.count)],
      column: [...s.column.subarray(0, s.count)],
      start: [...s.start.subarray(0, s.count)],
      end: [...s.end.subarray(0, s.count)],
    },
  };
}

const board = (partial: number[], leftOut: number[], joined: number[]): BoardColumns => ({
  columns: COLUMNS,
  cycleStartColumn: 'In Progress',
  partialHistory: new Map(partial.map((i) => [`I${i}`, 10_000])),
  leftOutMoves: leftOut.length > 0 ? new Map(leftOut.map((i) => [`I${i}`, new Set([5000, 6000])])) : null,
  joinedOnlyItems: new Set(joined.map((i) => `I${i}`)),
});

function expectSameRows(shape: BoardColumns, columns: TransitionColumns): void {
  const rows = buildRowTimeline(shape, columns);
  expect(plainRows(rows)).toEqual(plainRows(buildScratchTimeline(shape, unheld(columns))));
}

describe('kept timelines', () => {
  it('a version that appended moves reads the same timeline as one built afresh', () => {
    const ids = fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(move(10), { maxLength: 60 }),
        fc.array(fc.array(move(14), { maxLength: 8 }), { minLength: 1, maxLength: 3 }),
        ids,
        ids,
        ids,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (first, later, partial, leftOut, joined, copied, rowsFirst, inTimeOrder) => {
          const shape = board(partial, leftOut, joined);
          let builder = new TransitionColumnsBuilder(4);
          // In time order (as the server holds a board) most items' moves strictly increase: walked.
          if (inTimeOrder) first.sort((a, b) => a[3] - b[3]);
          append(builder, first);
          let columns = builder.snapshot();
          keepTimelines(columns);
          // Lead time reads the rows alone: the stays are built when an analysis first reads them.
          if (rowsFirst) expectSameRows(shape, columns);
          keptRowsById(buildTimeline(shape, columns));
          expect(plain(buildTimeline(shape, columns))).toEqual(
            plain(buildScratchTimeline(shape, unheld(columns))),
          );
          // The starts the walk made, handed over: each row's own stays, as counting them finds.
          const walked = buildTimeline(shape, columns);
          expect([...stayStarts(walked)]).toEqual(countedStarts(walked));
          for (const moves of later) {
            if (copied) builder = TransitionColumnsBuilder.from(columns, 2);
            append(builder, moves);
            columns = builder.snapshot();
            keepTimelines(columns);
            // Same shape, other map objects with the same entries: still extended.
            const again = board(partial, leftOut, joined);
            if (rowsFirst) expectSameRows(again, columns);
            const kept = buildTimeline(again, columns);
            expect(plain(kept)).toEqual(plain(buildScratchTimeline(again, unheld(columns))));
            expect(kept.board.cycleStart).toBe(2);
            expect([...stayStarts(kept)]).toEqual(countedStarts(kept));
            const rows = keptRowsById(kept) ?? new Map<string, number>();
            expect(rows.size).toBe(kept.itemIds.length);
            kept.itemIds.forEach((id, row) => {
              expect(rows.get(id)).toBe(row);
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a version that appended moves is written over the earlier version's buffers, not a second set", () => {
    const builder = new TransitionColumnsBuilder();
    append(builder, [
      [0, 6, 0, 1],
      [1, 6, 1, 2],
      [0, 0, 2, 3],
      [2, 6, 0, 4],
      [1, 1, 3, 5],
    ]);
    const first = builder.snapshot();
    keepTimelines(first);
    const shape = board([], [], []);
    const before = buildTimeline(shape, first);
    append(builder, [
      [0, 2, 4, 6],
      [3, 6, 1, 7],
    ]);
    const next = builder.snapshot();
    keepTimelines(next);
    const after = buildTimeline(shape, next);
    expect(plain(after)).toEqual(plain(buildScratchTimeline(shape, unheld(next))));
    expect(after.stays.start.buffer).toBe(before.stays.start.buffer);
    expect(after.entries.buffer).toBe(before.entries.buffer);
  });

  it('is built once per version and shape, and a scratch build after it leaves it as it was', () => {
    const builder = new TransitionColumnsBuilder();
    append(builder, [
      [0, 6, 0, 1],
      [0, 0, 2, 2],
      [1, 6, 1, 3],
      [0, 2, 4, 4],
    ]);
    const columns = builder.snapshot();
    keepTimelines(columns);
    const shape = board([], [], []);
    const kept = buildTimeline(shape, columns);
    const before = plain(kept);
    expect(buildTimeline({ ...shape, cycleStartColumn: null }, columns).entries).toBe(kept.entries);
    buildScratchTimeline(shape, unheld(columns));
    buildTimeline({ ...shape, columns: ['Backlog', 'Done'] }, unheld(columns));
    expect(plain(kept)).toEqual(before);
    expect(buildTimeline({ ...shape, doneColumn: 'Review' }, columns).entries).not.toBe(kept.entries);
  });
});
