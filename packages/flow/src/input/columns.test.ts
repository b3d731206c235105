import { describe, expect, it } from 'vitest';
import { classifyColumn, classifyColumns, columnKinds } from './columns.ts';

describe('classifyColumns', () => {
  it.each([
    ['Backlog', 'waiting'],
    ['Todo', 'waiting'],
    ['To Do', 'waiting'],
    ['Ready for Review', 'waiting'],
    ['Blocked', 'waiting'],
    ['Up next', 'waiting'],
    ['Committed', 'waiting'],
    ['Selected for Development', 'waiting'],
    ['In Progress', 'productive'],
    ['Doing', 'productive'],
    ['Code review', 'productive'],
    ['QA', 'productive'],
    ['Testing', 'productive'],
    ['Dev', 'productive'],
    ['Design', 'productive'],
    ['Spike', 'productive'],
  ] as const)('%s is %s', (name, kind) => {
    expect(classifyColumn(name, 1, 9)).toBe(kind);
  });

  it('an unrecognised first column is the intake queue; done and later columns are neither', () => {
    expect(
      classifyColumns({ columns: ['Ideas 💡', 'Shaping', 'Shipped', 'Archive'], doneColumn: 'Shipped' }),
    ).toEqual({
      productive: ['Shaping'],
      waiting: ['Ideas 💡'],
    });
    expect(classifyColumn('Spike', 0, 3)).toBe('waiting');
  });
});

describe('classification override', () => {
  const columns = ['Inbox', 'Doing', 'QA', 'Parked', 'Shipped'];

  it('the team says which columns are productive or waiting; the others keep the name-based guess', () => {
    expect(classifyColumns({ columns })).toEqual({
      productive: ['Doing', 'QA'],
      waiting: ['Inbox', 'Parked'],
    });
    expect(classifyColumns({ columns, classification: { QA: 'waiting', Parked: 'productive' } })).toEqual({
      productive: ['Doing', 'Parked'],
      waiting: ['Inbox', 'QA'],
    });
    expect(columnKinds({ columns, classification: { Inbox: 'productive' } })).toEqual([
      'productive',
      'productive',
      'productive',
      'waiting',
      'done',
    ]);
  });

  it('ignores names that are not columns, the done column, columns after done and unknown kinds', () => {
    const classification = {
      Shipped: 'productive',
      Archive: 'waiting',
      Nope: 'waiting',
      Doing: 'finished',
      constructor: 'waiting',
    } as unknown as Record<string, 'productive' | 'waiting'>;
    const board = { columns: [...columns, 'Archive'], doneColumn: 'Shipped' };
    expect(classifyColumns({ ...board, classification })).toEqual(classifyColumns(board));
    expect(columnKinds({ ...board, classification })).toEqual(columnKinds(board));
  });

  it('reads only the override’s own names, never inherited ones', () => {
    const inherited = Object.create({ Doing: 'waiting' }) as Record<string, 'productive' | 'waiting'>;
    expect(classifyColumns({ columns, classification: inherited })).toEqual(classifyColumns({ columns }));
  });
});
