import type { DimensionFlowRow, FlowResponse } from '@fluxion/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportCalendar, toCsv } from '../../lib/exportCsv.ts';
import { breakdownCsv } from '../../lib/exportTables.ts';
import { TypeBreakdown } from './TypeBreakdown.tsx';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

const row = (value: string | null, wip: number): DimensionFlowRow => ({
  value,
  throughput: 0,
  wip,
  p50: null,
  p85: null,
  oldest_days: 2,
  over_p85: 0,
  sle: null,
});
const flow = (rows: DimensionFlowRow[]) =>
  ({
    window: { days: 30, start: '2026-01-01', end: '2026-01-30' },
    breakdown: { by: 'field', field: 'Priority', rows },
  }) as unknown as FlowResponse;
const split = { field: 'Priority', onChange: () => undefined };

describe("Flow's breakdown card", () => {
  // jsdom has no ResizeObserver (the charts') nor matchMedia (the Export menu's).
  beforeEach(() => {
    stubLayoutApis();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says no item has a value on a board without any, but lists the "No Priority" row under a filter', () => {
    const { rerender } = render(<TypeBreakdown data={flow([row(null, 1)])} split={split} />);
    const card = screen.getByTestId('flow-by-type');
    expect(within(card).getByText('No item has a value per Priority yet.')).toBeTruthy();
    expect(within(card).queryAllByTestId('type-row')).toHaveLength(0);
    rerender(<TypeBreakdown data={flow([row(null, 1)])} split={split} filtered />);
    const rows = within(screen.getByTestId('flow-by-type')).getAllByTestId('type-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['No Priority']);
  });

  it('exports its rows as CSV with raw values, the items without one under an empty value', () => {
    const high = { ...row('High', 2), throughput: 3, p50: 1.25, p85: 4.5, over_p85: 1 };
    render(
      <TypeBreakdown
        data={flow([high, row(null, 1)])}
        split={split}
        calendar={exportCalendar({ time_zone: 'UTC', weekends: [], holidays: [] })}
      />,
    );
    expect(screen.getByRole('button', { name: /^Export/ })).toBeTruthy();
    const calendar = exportCalendar({ time_zone: 'Europe/Paris', weekends: [0, 6], holidays: [] });
    expect(
      toCsv(breakdownCsv({ by: 'field', field: 'Priority', rows: [high, row(null, 1)] }, 30, calendar)),
    ).toBe(
      'Priority,Finished in the last 30 days,In progress now,Cycle time p50 (working days),' +
        'Cycle time p85 (working days),Oldest in progress (working days),In progress past p85\n' +
        'High,3,2,1.25,4.5,2,1\n' +
        ',0,1,,,2,0\n',
    );
    // By issue type, each type's SLE as numbers, empty where none is set.
    const bug = { ...row('Bug', 1), sle: { percent: 85, days: 3, met_percent: 50, breached_now: 1 } };
    const lines = toCsv(
      breakdownCsv({ by: 'issue_type', field: null, rows: [bug, row(null, 1)] }, 14, calendar),
    )
      .trimEnd()
      .split('\n');
    expect(lines[0]?.split(',').slice(-4)).toEqual([
      'SLE (%)',
      'SLE (working days)',
      'SLE met (%)',
      'In progress past SLE',
    ]);
    expect(lines.slice(1)).toEqual(['Bug,0,1,,,2,0,85,3,50,1', ',0,1,,,2,0,,,,']);
  });
});
