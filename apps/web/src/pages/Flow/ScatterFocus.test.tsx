import type { FlowResponse } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportCalendar } from '../../lib/exportCsv.ts';
import { AgingChart } from './AgingChart.tsx';
import { CycleTimeChart } from './CycleTimeChart.tsx';

const calendar = exportCalendar({ time_zone: 'UTC', weekends: [0, 6], holidays: [] });
const point = (n: number) => ({
  id: `I${n}`,
  number: n,
  title: `Item ${n}`,
  url: `https://github.com/acme/web/issues/${n}`,
  completed_at: `2026-11-0${n}T12:00:00Z`,
  date: `2026-11-0${n}`,
  cycle_time_days: n,
});
const aging = (n: number) => ({
  id: `A${n}`,
  number: 10 + n,
  title: `Open ${n}`,
  url: `https://github.com/acme/web/issues/${10 + n}`,
  column: 'Review',
  started_at: '2026-11-01T00:00:00Z',
  age_days: n,
  risk: 'on_track' as const,
  blocked: false,
});
const answer = {
  columns: ['Todo', 'Review', 'Done'],
  window: { days: 7, start: '2026-11-01', end: '2026-11-07' },
  cycle_time: { points: [1, 2, 3].map(point), percentiles: { p50: 2, p70: 2, p85: 3, p95: 3 } },
  aging: { columns: ['Review'], items: [1, 2].map(aging), at_risk: 0 },
} as unknown as FlowResponse;

/** The page around the charts, re-rendered as it is when another answer (the board's iterations, say) arrives. */
function Charts({ calendarOfPage }: { calendarOfPage: typeof calendar }) {
  return (
    <MemoryRouter>
      <CycleTimeChart data={answer} calendar={calendarOfPage} projectId="PVT_1" />
      <AgingChart data={answer} calendar={calendarOfPage} projectId="PVT_1" />
    </MemoryRouter>
  );
}

describe('a dot of the Flow charts keeps the keyboard focus while the page re-renders', () => {
  // jsdom lays nothing out: the charts' container is given a browser's size and resize callback.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe() {
          this.report([{ contentRect: { width: 800, height: 320 } } as ResizeObserverEntry], this as never);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 800,
      height: 320,
      top: 0,
      left: 0,
      right: 800,
      bottom: 320,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  for (const [chart, name] of [
    ['cycle time scatter', 'Open #2 Item 2 in Fluxion'],
    ['aging chart', 'Open #12 Open 2 in Fluxion'],
  ] as const) {
    it(`the ${chart}: the focused dot is the same element after a re-render with the same answer`, async () => {
      // A new calendar object each render, as the page makes one from the board's settings.
      const { rerender } = render(<Charts calendarOfPage={{ ...calendar }} />);
      const dot = await screen.findByRole('link', { name });
      dot.focus();
      expect(document.activeElement).toBe(dot);
      rerender(<Charts calendarOfPage={{ ...calendar }} />);
      expect(dot.isConnected).toBe(true);
      expect(document.activeElement).toBe(dot);
    });
  }
});
