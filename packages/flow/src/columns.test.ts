import { describe, expect, it } from 'vitest';
import { classifyColumn, classifyColumns } from './columns.ts';

describe('classifyColumns', () => {
  it.each([
    ['Backlog', 'waiting'],
    ['Todo', 'waiting'],
    ['To Do', 'waiting'],
    ['Ready for Review', 'waiting'],
    ['Blocked', 'waiting'],
    ['Up next', 'waiting'],
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
