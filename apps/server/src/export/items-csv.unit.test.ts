import { describe, expect, it } from 'vitest';
import { buildCalendar, UTC_CALENDAR } from '@fluxion/flow';
import { csvStream, itemRecords, itemsCsvHeader } from './items-csv.ts';

const UTC = { timeZone: 'UTC', daysOff: false };

describe('the items CSV', () => {
  it('streams a header and one record per item in chunks, whatever the number of items', async () => {
    const item = { number: 7, title: 'T', url: null, milestone: null, labels: ['a', 'b'], column: 'Done' };
    const items = Array.from({ length: 2500 }, (_, n) => ({ ...item, id: `I${n}`, enteredColumnAt: 0 }));
    const chunks: string[] = [];
    for await (const chunk of csvStream(
      itemsCsvHeader(UTC),
      itemRecords(items, 2 * 86_400_000, UTC_CALENDAR),
    ))
      chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(3);
    const lines = chunks.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2501);
    // The last cells, "History known from" and the estimates, are empty: the item's history is whole.
    expect(lines[1]).toBe('I0,7,T,,Done,1970-01-01T00:00:00+00:00,2,,"a; b",,,');
    expect(lines[2500]).toMatch(/^I2499,/);
  });

  it('says which items rest on estimated steps, and on what', () => {
    const item = { number: 1, title: 'T', url: null, milestone: null, labels: [], column: 'Done' };
    const history = {
      knownFrom: new Map([['A', Date.UTC(2026, 0, 9)]]),
      estimated: new Map([['A', ['added', 'pr_opened']]]),
    };
    const records = [
      ...itemRecords(
        [
          { ...item, id: 'A', enteredColumnAt: 0 },
          { ...item, id: 'B', enteredColumnAt: 0 },
        ],
        0,
        UTC_CALENDAR,
        history,
      ),
    ];
    expect(records.map((r) => r.slice(-3))).toEqual([
      ['2026-01-09T00:00:00+00:00', 'yes', 'added; pr_opened'],
      ['', '', ''],
    ]);
    expect(itemsCsvHeader(UTC).slice(-2)).toEqual(['Estimated history', 'Estimated from (; separated)']);
  });

  it('writes instants in the board zone and ages in working time when the calendar has days off', () => {
    const paris = buildCalendar({ timeZone: 'Europe/Paris', weekends: [0, 6] });
    // Entered on Friday 9 January 2026 at 17:00 in Paris; now Monday the 12th at 09:00 there.
    const item = { id: 'I', number: 1, title: 'T', url: null, milestone: null, labels: [], column: 'Doing' };
    const entered = Date.UTC(2026, 0, 9, 16);
    const [record] = itemRecords([{ ...item, enteredColumnAt: entered }], Date.UTC(2026, 0, 12, 8), paris);
    expect(record?.slice(5, 7)).toEqual(['2026-01-09T17:00:00+01:00', 0.67]);
    expect(itemsCsvHeader({ timeZone: 'Europe/Paris', daysOff: true }).slice(5, 7)).toEqual([
      'Entered column at (Europe/Paris, ISO 8601 with offset)',
      'Days in column (working days)',
    ]);
  });
});
