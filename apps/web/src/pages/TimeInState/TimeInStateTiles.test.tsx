import type { TimeInStateMetrics } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeInStateTiles } from './TimeInStateTiles.tsx';

const metrics = {
  time_intensive_column: 'In Review',
  stage_intensity: 2,
  active_work_ratio: 55,
  queue_health_ratio: 0.4,
  performance_insight: { severity: 'info', message: 'ok', confidence: 0.5 },
} as unknown as TimeInStateMetrics;
const classification = { productive: ['In Progress', 'In Review'], waiting: ['Ready', 'QA'] };
const TEXT = 'Productive columns: In Progress, In Review. Waiting columns: Ready, QA.';

function renderTiles() {
  render(<TimeInStateTiles metrics={metrics} classification={classification} iterationDays={14} />);
  return (tile: string) => screen.getByRole('button', { name: `About ${tile}` });
}

/** The tiles' productive and waiting columns (docs/metrics.md §4) open without a mouse, on a phone too. */
describe('Time in State tile tooltips', () => {
  afterEach(cleanup);

  it('a tap or click on (i) shows the productive and waiting columns; Escape and leaving close them', async () => {
    const user = userEvent.setup();
    const info = renderTiles();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(info('Queue Health'));
    expect(screen.getByRole('tooltip').textContent).toBe(TEXT);
    expect(info('Queue Health').getAttribute('aria-expanded')).toBe('true');
    expect(info('Queue Health').getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(info('Stage Intensity'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    await user.click(document.body);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus and moves with it', async () => {
    const user = userEvent.setup();
    const info = renderTiles();
    await user.tab();
    expect(document.activeElement).toBe(info('Time-intensive Stage'));
    expect(screen.getByRole('tooltip').textContent).toBe(TEXT);
    await user.tab();
    expect(document.activeElement).toBe(info('Stage Intensity'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });

  it('a hover shows it too', async () => {
    const user = userEvent.setup();
    const info = renderTiles();
    await user.hover(info('Active Work Ratio (%)'));
    expect(screen.getByRole('tooltip').textContent).toBe(TEXT);
    await user.unhover(info('Active Work Ratio (%)'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('says what the queue health ratio counts, not a bare number', () => {
    renderTiles();
    expect(screen.getByText('Moderate')).toBeTruthy();
    expect(screen.getByText('40% of committed items wait in a queue column')).toBeTruthy();
  });
});

describe('Time in State tiles with nothing to measure', () => {
  afterEach(cleanup);

  it('say N/A for the intensity and the active work ratio, not 0x and 0 %', () => {
    const empty = { ...metrics, time_intensive_column: null, stage_intensity: 0, active_work_ratio: null };
    const { container } = render(
      <TimeInStateTiles metrics={empty} classification={classification} iterationDays={14} />,
    );
    const text = container.textContent ?? '';
    expect(text).not.toContain('0x');
    expect(text).not.toMatch(/\b0(\.0)?\s?%/);
    expect(text.match(/N\/A/g)).toHaveLength(3);
  });

  it('say why there is no bottleneck: no in-progress stay ended in the iteration, the window it is read in', () => {
    const empty = { ...metrics, time_intensive_column: null, stage_intensity: 0, bottleneck: null };
    render(<TimeInStateTiles metrics={empty} classification={classification} iterationDays={14} />);
    expect(
      screen.getAllByText('No stay in an in-progress column ended in the last 14 days (iteration)'),
    ).toHaveLength(2);
  });

  it('say N/A for queue health when no committed item is open, like their neighbours, not a green Healthy', () => {
    const empty = {
      ...metrics,
      time_intensive_column: null,
      active_work_ratio: null,
      queue_health_ratio: null,
    };
    const { container } = render(
      <TimeInStateTiles metrics={empty} classification={classification} iterationDays={14} />,
    );
    const text = container.textContent ?? '';
    expect(text).not.toContain('Healthy');
    expect(text.match(/N\/A/g)).toHaveLength(4);
    expect(text).toContain('no committed item is open now');
    expect(container.querySelector('[data-tone="success"]')).toBeNull();
  });
});
