import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv } from './exportCsv.ts';
import { cfdCsv, forecastCsv, leadTimeCsv, timeInStateCsv } from './exportTables.ts';

describe('CSV of the data shown', () => {
  it('quotes what needs it, leaves empty cells for missing values, and never writes a formula', () => {
    const csv = toCsv({
      header: ['Title', 'Days (days)'],
      rows: [
        ['a, "b"', 1.5],
        ['=HYPERLINK("x")', null],
      ],
    });
    expect(csv).toBe('Title,Days (days)\n"a, ""b""",1.5\n"\'=HYPERLINK(""x"")",\n');
  });

  it('names units and the time zone in every header', () => {
    const lead = leadTimeCsv(
      [
        { date: '2026-11-01', lead: 2.5, cycle: null },
        { date: '2026-11-02', lead: null, cycle: 1 },
      ],
      true,
    );
    expect(lead.header).toEqual(['Date (UTC)', 'Average lead time (days)', 'Average cycle time (days)']);
    expect(lead.rows).toEqual([
      ['2026-11-01', 2.5, null],
      ['2026-11-02', null, 1],
    ]);
    expect(leadTimeCsv([{ date: '2026-11-01', lead: 2, cycle: null }], false).rows).toEqual([
      ['2026-11-01', 2],
    ]);
    const tis = timeInStateCsv([{ date: '2026-11-01', Todo: 1.25 }], ['Todo', 'Done']);
    expect(tis).toEqual({
      header: ['Date (UTC)', 'Todo (days)', 'Done (days)'],
      rows: [['2026-11-01', 1.25, null]],
    });
  });

  it('writes the cumulative flow in board order, a missing count as 0', () => {
    const cfd = cfdCsv({ columns: ['Todo', 'Done'], cfd: [{ date: '2026-11-01', counts: { Done: 3 } }] });
    expect(cfd.header).toEqual(['Date (UTC)', 'Todo (items, cumulative)', 'Done (items, cumulative)']);
    expect(cfd.rows).toEqual([['2026-11-01', 0, 3]]);
  });

  it('writes both forecast questions with their confidence', () => {
    const csv = forecastCsv({
      sample_start: '2026-10-01',
      sample_end: '2026-10-30',
      sample_days: 30,
      mean_daily_throughput: 1,
      trials: 1000,
      seed: 1,
      how_many: { horizon_days: 14, results: [{ confidence: 0.85, items: 9 }] },
      when: { items: 10, results: [{ confidence: 0.85, days: 12, date: '2026-11-13' }] },
    });
    expect(csv.rows).toEqual([
      ['How many items in 14 days', '85%', 9, null],
      ['When will 10 items be done', '85%', 12, '2026-11-13'],
    ]);
  });

  it('makes file names of letters, digits and dashes', () => {
    expect(exportFileName('Vault migration: Lead Time', 'csv')).toBe('vault-migration-lead-time.csv');
    expect(exportFileName(' ', 'png')).toBe('export.png');
  });
});
