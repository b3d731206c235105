import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentModelOf, recentStays } from './commitment-model.ts';
import { buildTimeInStateReport } from './time-in-state.ts';
import { buildCalendar, type CalendarSettings } from '../core/calendar.ts';
import { flowStages } from '../input/stages.ts';
import { TransitionColumnsBuilder } from '../input/transitions.ts';
import { keepTimelines } from '../timeline/kept-timeline.ts';
import { buildTimeline } from '../timeline/timeline.ts';
import { currentItems } from '../fixtures/current-items.fixture.ts';
import { randomHistory } from '../fixtures/random-history.fixture.ts';
import type { Transition } from '../types.ts';

const COLS = ['Backlog', 'Ready', 'Doing', 'Review', 'Done'];
const HOUR = 3_600_000;
const BASE = Date.UTC(2024, 0, 1);

const history = randomHistory({
  to: [...COLS, null, 'Old column'],
  base: BASE,
  gap: { min: 0, max: 240 },
  steps: 8,
});

/** The moves as a loaded board's columns, their timeline kept. */
function keptColumns(moves: readonly Transition[]) {
  const builder = new TransitionColumnsBuilder(4);
  for (const m of [...moves].sort((a, b) => a.at - b.at)) builder.append(m.itemId, m.from, m.to, m.at);
  const columns = builder.snapshot();
  keepTimelines(columns);
  return columns;
}

describe('the bottleneck’s window Time in State read, taken by a later report of the same version', () => {
  it('is the window of a pass over the stays, at any later instant of the same day', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 0, max: 60 * 24 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom<CalendarSettings>({}, { timeZone: 'America/New_York', weekends: [0, 6] }),
        (moves, nowHours, laterHours, days, calendarSettings) => {
          const latest = Math.max(...moves.map((m) => m.at));
          const now = Math.max(latest, BASE + nowHours * HOUR);
          const calendar = buildCalendar(calendarSettings);
          const later = Math.min(now + laterHours * HOUR, calendar.startOf(calendar.dayOf(now) + 1) - 1);
          const transitions = keptColumns(moves);
          const board = {
            columns: COLS,
            transitions,
            items: currentItems(moves),
            calendar: calendarSettings,
          };
          buildTimeInStateReport({ ...board, now, days: 7, storyDays: days });
          const t = buildTimeline(board, transitions);
          const stages = flowStages(board);
          const kept = commitmentModelOf(stages, t, later, days, calendar).recent;
          const passed = recentStays(t, later, days, calendar);
          expect({ ...kept, sum: [...kept.sum], count: [...kept.count] }).toEqual({
            ...passed,
            sum: [...passed.sum],
            count: [...passed.count],
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is read from Time in State’s window (no second pass), and only for its day, calendar and width', () => {
    const moves: Transition[] = [
      { itemId: 'a', from: null, to: 'Doing', at: BASE },
      { itemId: 'a', from: 'Doing', to: 'Review', at: BASE + 30 * HOUR },
      { itemId: 'a', from: 'Review', to: 'Done', at: BASE + 50 * HOUR },
    ];
    const transitions = keptColumns(moves);
    const board = { columns: COLS, transitions, items: currentItems(moves) };
    const now = BASE + 60 * HOUR;
    const calendar = buildCalendar({});
    const stages = flowStages(board);
    const model = (at: number, width: number, on = calendar) =>
      commitmentModelOf(stages, buildTimeline(board, transitions), at, width, on).recent;
    // Before Time in State, each call passes over the stays.
    expect(model(now, 7)).not.toBe(model(now, 7));
    buildTimeInStateReport({ ...board, now, days: 7 });
    expect(model(now + HOUR, 7)).toBe(model(now, 7));
    expect(model(now, 7).count[2]).toBe(1);
    expect(model(now, 14)).not.toBe(model(now, 14));
    expect(model(now + 24 * HOUR, 7)).not.toBe(model(now + 24 * HOUR, 7));
    const newYork = buildCalendar({ timeZone: 'America/New_York' });
    expect(model(now, 7, newYork)).not.toBe(model(now, 7, newYork));
  });

  it('is not kept when a move is later than Time in State’s instant', () => {
    const moves: Transition[] = [
      { itemId: 'a', from: null, to: 'Doing', at: BASE },
      { itemId: 'a', from: 'Doing', to: 'Done', at: BASE + 50 * HOUR },
    ];
    const transitions = keptColumns(moves);
    const board = { columns: COLS, transitions, items: currentItems(moves) };
    const calendar = buildCalendar({});
    buildTimeInStateReport({ ...board, now: BASE + 49 * HOUR, days: 7 });
    const model = () =>
      commitmentModelOf(flowStages(board), buildTimeline(board, transitions), BASE + 51 * HOUR, 7, calendar)
        .recent;
    expect(model()).not.toBe(model());
    expect(model().count[2]).toBe(1);
  });
});
