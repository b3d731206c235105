import { describe, expect, it } from 'vitest';
import { historyError } from './history-error.ts';
import { type HistoryEvidence, reconstructHistory } from './reconstruct.ts';

const at = (day: number) => Date.UTC(2026, 0, day);
const board = { columns: ['Todo', 'Doing', 'Review', 'Done'], startColumn: 'Doing', doneColumn: 'Done' };
const evidence = (over: Partial<HistoryEvidence>): HistoryEvidence => ({
  addedAt: at(1),
  column: 'Done',
  enteredAt: at(10),
  surviving: [],
  assignedAt: [],
  closedAt: [],
  reopenedAt: [],
  ...over,
});

describe('reconstructHistory (docs/metrics.md, "Reconstructed histories")', () => {
  it('joins the first column when added and starts at the first assignment', () => {
    expect(reconstructHistory(board, evidence({ assignedAt: [at(6), at(4)] }))).toEqual([
      { from: null, to: 'Todo', at: at(1), basis: 'added' },
      { from: 'Todo', to: 'Doing', at: at(4), basis: 'assigned' },
    ]);
  });

  it('an assignment before the item joined starts it when it joined', () => {
    const steps = reconstructHistory(board, evidence({ assignedAt: [at(0)] }));
    expect(steps?.map((s) => [s.to, s.at])).toEqual([
      ['Todo', at(1)],
      ['Doing', at(1)],
    ]);
  });

  it('a surviving move into a started column that came first wins over a later assignment', () => {
    const surviving = [{ from: 'Todo', to: 'Review', at: at(3) }];
    expect(reconstructHistory(board, evidence({ surviving, assignedAt: [at(5)] }))).toEqual([
      { from: null, to: 'Todo', at: at(1), basis: 'added' },
    ]);
  });

  it('a linked pull request opened starts the work when nothing came before it', () => {
    const pr = { openedAt: at(5), mergedAt: at(10), closes: true };
    expect(reconstructHistory(board, evidence({ pullRequests: [pr] }))?.at(-1)).toEqual({
      from: 'Todo',
      to: 'Doing',
      at: at(5),
      basis: 'pr_opened',
    });
    // An earlier assignment is the first evidence; a pull request opened after the known entry is none.
    const assigned = reconstructHistory(board, evidence({ assignedAt: [at(3)], pullRequests: [pr] }));
    expect(assigned?.at(-1)).toMatchObject({ at: at(3), basis: 'assigned' });
    const late = { openedAt: at(11), mergedAt: null, closes: true };
    expect(reconstructHistory(board, evidence({ pullRequests: [late] }))?.at(-1)?.basis).toBe('added_only');
  });

  it('a label that says work is under way is the start, before or after an assignment', () => {
    const wip = (day: number, label = 'in progress') => ({ at: at(day), label, added: true });
    // The team's own word wins over an assignment at creation…
    const labelled = reconstructHistory(board, evidence({ assignedAt: [at(1)], labels: [wip(5)] }));
    expect(labelled?.at(-1)).toEqual({ from: 'Todo', to: 'Doing', at: at(5), basis: 'labeled' });
    // …and over an earlier pull request; its first putting on counts.
    const pr = { openedAt: at(3), mergedAt: null, closes: true };
    const first = reconstructHistory(
      board,
      evidence({ pullRequests: [pr], labels: [wip(6), wip(4, 'WIP')] }),
    );
    expect(first?.at(-1)).toMatchObject({ at: at(4), basis: 'labeled' });
  });

  it('other labels, a work label taken off, or one put on after the known entry are no evidence', () => {
    const labels = [
      { at: at(2), label: 'bug', added: true },
      { at: at(3), label: 'in progress', added: false },
      { at: at(4), label: 'swipe-gesture', added: true },
      { at: at(11), label: 'doing', added: true },
    ];
    expect(reconstructHistory(board, evidence({ labels }))?.map((s) => s.basis)).toEqual(['added_only']);
    expect(reconstructHistory(board, evidence({ labels, assignedAt: [at(6)] }))?.at(-1)).toMatchObject({
      basis: 'assigned',
    });
  });

  it('a surviving move into a started column that came first wins over a work label', () => {
    const surviving = [{ from: 'Todo', to: 'Doing', at: at(3) }];
    const labels = [{ at: at(5), label: 'in progress', added: true }];
    expect(reconstructHistory(board, evidence({ surviving, labels }))).toEqual([
      { from: null, to: 'Todo', at: at(1), basis: 'added' },
    ]);
  });

  it("a closing by a linked pull request's merge, reopened later, is done at the merge", () => {
    const pr = { openedAt: at(2), mergedAt: at(4), closes: true };
    const steps = reconstructHistory(
      board,
      evidence({ column: 'Review', pullRequests: [pr], closedAt: [at(4)], reopenedAt: [at(5)] }),
    );
    expect(steps?.map((s) => [s.to, s.at, s.basis])).toEqual([
      ['Todo', at(1), 'added'],
      ['Doing', at(2), 'pr_opened'],
      ['Done', at(4), 'pr_merged'],
      ['Doing', at(5), 'reopened'],
    ]);
    // A mention that does not close the issue is no evidence of done: the closing stays a closing.
    const mention = { ...pr, closes: false };
    const closed = reconstructHistory(
      board,
      evidence({ column: 'Review', pullRequests: [mention], closedAt: [at(4)], reopenedAt: [at(5)] }),
    );
    expect(closed?.find((s) => s.to === 'Done')?.basis).toBe('closed');
  });

  it('keeps only the joining of an item past the start whose start nothing tells', () => {
    const joinedOnly = [{ from: null, to: 'Todo', at: at(1), basis: 'added_only' }];
    expect(reconstructHistory(board, evidence({}))).toEqual(joinedOnly);
    expect(reconstructHistory(board, evidence({ assignedAt: [at(11)] }))).toEqual(joinedOnly);
    // Joined when its first recorded move was made, or when nobody knows: nothing to estimate.
    expect(reconstructHistory(board, evidence({ addedAt: at(10) }))).toBeNull();
    expect(reconstructHistory(board, evidence({ addedAt: null, assignedAt: [at(2)] }))).toBeNull();
  });

  it('an item not yet started needs no start: its entry is enough', () => {
    expect(reconstructHistory(board, evidence({ column: 'Todo', enteredAt: at(8) }))).toEqual([
      { from: null, to: 'Todo', at: at(1), basis: 'added' },
    ]);
  });

  it('a closing reopened later went through done and back to the start column', () => {
    const steps = reconstructHistory(
      board,
      evidence({ column: 'Review', assignedAt: [at(2)], closedAt: [at(4), at(9)], reopenedAt: [at(5)] }),
    );
    expect(steps?.map((s) => [s.from, s.to, s.at, s.basis])).toEqual([
      [null, 'Todo', at(1), 'added'],
      ['Todo', 'Doing', at(2), 'assigned'],
      ['Doing', 'Done', at(4), 'closed'],
      ['Done', 'Doing', at(5), 'reopened'],
    ]);
  });
});

describe('historyError', () => {
  it('measures the estimated start against the truth, and the percentiles with and without estimates', () => {
    const columns = { columns: board.columns, cycleStartColumn: 'Doing' };
    const truth = [
      { itemId: 'A', from: null, to: 'Todo', at: at(1) },
      { itemId: 'A', from: 'Todo', to: 'Doing', at: at(3) },
      { itemId: 'A', from: 'Doing', to: 'Done', at: at(10) },
    ];
    const recorded = [
      { itemId: 'A', from: null, to: 'Todo', at: at(1) },
      { itemId: 'A', from: 'Todo', to: 'Doing', at: at(4) },
      { itemId: 'A', from: null, to: 'Done', at: at(10) },
    ];
    const result = historyError({
      columns,
      truth,
      recorded,
      estimatedItems: new Set(['A']),
      partial: new Map(),
      partialOnly: new Map([['A', at(10)]]),
      leftOut: new Map([['A', new Set([at(1), at(4)])]]),
    });
    expect(result.start).toEqual({ count: 1, median: 1, p90: 1, errors: [1] });
    expect(result.done).toEqual({ count: 1, median: 0, p90: 0, errors: [0] });
    expect(result.truth.p50).toBe(7);
    expect(result.reconstructed.p50).toBe(6);
    expect(result.partialOnly).toEqual({ items: 0, p50: null, p85: null, leadItems: 0 });
    expect(result.reconstructed.leadItems).toBe(1);
  });
});
