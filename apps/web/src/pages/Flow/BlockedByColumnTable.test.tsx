import type { FlowResponse } from '@fluxion/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { BlockedByColumnTable } from './BlockedByColumnTable.tsx';

const aging = (id: string, column: string, blocked: boolean) => ({
  id,
  number: 1,
  title: id,
  url: null,
  column,
  started_at: '2024-01-02T00:00:00Z',
  age_days: 3,
  risk: 'on_track' as const,
  blocked,
});
const flow = (blocked: FlowResponse['blocked'], items = [aging('a', 'Review', true)]) =>
  ({
    columns: ['Todo', 'In Progress', 'Review', 'Done'],
    window: { days: 10, start: '2024-01-01', end: '2024-01-10' },
    aging: { columns: ['In Progress', 'Review'], items, at_risk: 0 },
    blocked,
  }) as unknown as FlowResponse;

describe('Blocked time by column', () => {
  // jsdom has no matchMedia; the Export menu (Primer's ActionMenu) asks it for its responsive width.
  beforeEach(() =>
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
  );
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each column with blocked days or an item blocked now, in the unit of the board', () => {
    const data = flow({
      label: 'blocked',
      field: { name: 'Flag', value: 'Impeded' },
      by_column: { 'In Progress': 2.25 },
      blocked_now: 1,
      flow_efficiency: 0.5,
    });
    render(
      <BlockedByColumnTable
        data={data}
        calendar={exportCalendar({ time_zone: 'UTC', weekends: [0, 6], holidays: [] })}
      />,
    );
    const card = screen.getByTestId('flow-blocked-by-column');
    expect(
      within(card).getByText(/label 'blocked', Flag = 'Impeded' or an open issue blocking it/),
    ).toBeTruthy();
    expect(within(card).getByRole('columnheader', { name: 'Working days blocked' })).toBeTruthy();
    const rows = within(card)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['In Progress', '2.3', '0'],
      ['Review', '0', '1'],
    ]);
  });

  it('shows nothing while no item was blocked', () => {
    const none = flow({ label: 'blocked', by_column: {}, blocked_now: 0, flow_efficiency: null }, []);
    render(<BlockedByColumnTable data={none} calendar={exportCalendar(undefined)} />);
    expect(screen.queryByTestId('flow-blocked-by-column')).toBeNull();
  });
});
