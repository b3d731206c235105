import type { BoardItem, Transition } from './types.ts';

/** The worked example of docs/metrics.md ("A small board"), shared by the tests. */
export const COLUMNS = ['Backlog', 'Ready', 'In Progress', 'Review', 'Done'];

/** 2024-01-<day> at <hour>:00 UTC. */
export const jan = (day: number, hour = 0) => Date.UTC(2024, 0, day, hour);

type Move = [itemId: string, day: number, hour: number, to: string | null];

const MOVES: Move[] = [
  ['1', 1, 0, 'Backlog'],
  ['1', 2, 0, 'In Progress'],
  ['1', 4, 0, 'Review'],
  ['1', 5, 0, 'In Progress'],
  ['1', 6, 12, 'Review'],
  ['1', 8, 0, 'Done'],
  ['2', 1, 0, 'Backlog'],
  ['2', 3, 0, 'In Progress'],
  ['2', 5, 0, 'Done'],
  ['2', 7, 0, 'In Progress'],
  ['2', 9, 0, 'Done'],
  ['3', 1, 0, 'Ready'],
  ['3', 2, 0, 'In Progress'],
  ['3', 3, 0, 'Backlog'],
  ['3', 4, 0, 'In Progress'],
  ['3', 6, 0, 'Done'],
  ['4', 1, 0, 'Backlog'],
  ['4', 2, 0, 'In Progress'],
  ['4', 3, 0, null],
  ['5', 2, 0, 'Backlog'],
  ['5', 3, 0, 'In Progress'],
  ['5', 5, 0, 'Done'],
  ['5', 6, 0, null],
];

/** The moves as transitions, each `from` being the item's previous column. */
export const TRANSITIONS: Transition[] = MOVES.map(([itemId, day, hour, to], i) => {
  const previous = MOVES[i - 1];
  const from = previous && previous[0] === itemId ? previous[3] : null;
  return { itemId, from, to, at: jan(day, hour) };
});

export const NOW = jan(10, 12);

export function item(number: number, column: string | null, enteredColumnAt: number | null): BoardItem {
  return {
    id: `I_${number}`,
    number,
    title: `Issue ${number}`,
    url: `https://github.com/acme/app/issues/${number}`,
    milestone: null,
    labels: [],
    column,
    enteredColumnAt,
  };
}
