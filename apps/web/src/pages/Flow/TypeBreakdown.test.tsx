import type { DimensionFlowRow, FlowResponse } from '@fluxion/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypeBreakdown } from './TypeBreakdown.tsx';

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
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
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
});
