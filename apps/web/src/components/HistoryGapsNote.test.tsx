import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WipAtRiskTile } from '../pages/Flow/FlowTiles.tsx';
import { HistoryGapsNote } from './HistoryGapsNote.tsx';

/** docs/metrics.md §16: each page says how many finished items lack a known start, and why. */
describe('the finished items GitHub lost the start of', () => {
  afterEach(cleanup);

  it('says how many, out of how many finished, and what they still count in', () => {
    const gaps = { finished: 6, without_cycle_start: 2, without_board_entry: 6 };
    render(<HistoryGapsNote gaps={gaps} days={30} kind="cycle" />);
    expect(screen.getByTestId('history-gaps').textContent).toContain(
      '2 of the 6 items finished in the last 30 days have no known start: GitHub lost their history',
    );
    cleanup();
    render(<HistoryGapsNote gaps={gaps} days={30} kind="lead" />);
    expect(screen.getByTestId('history-gaps').textContent).toContain(
      'All 6 items finished in the last 30 days have no known start',
    );
    expect(screen.getByTestId('history-gaps').textContent).toContain('not in the lead times');
  });

  it('on Time in State, counts items whose joining was reconstructed but whose cycle start is unknown', () => {
    const gaps = { finished: 6, without_cycle_start: 6, without_board_entry: 0 };
    render(<HistoryGapsNote gaps={gaps} days={30} kind="stays" />);
    expect(screen.getByTestId('history-gaps').textContent).toContain(
      'All 6 items finished in the last 30 days have no known start',
    );
  });

  it('says nothing when every finished item has a known start', () => {
    const gaps = { finished: 6, without_cycle_start: 0, without_board_entry: 0 };
    render(<HistoryGapsNote gaps={gaps} days={30} kind="cycle" />);
    expect(screen.queryByTestId('history-gaps')).toBeNull();
  });

  it('WIP at risk is unknown, not a reassuring 0, when no cycle time is known', () => {
    render(<WipAtRiskTile atRisk={0} wip={2} p85={null} />);
    expect(screen.getByText('Unknown')).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
    cleanup();
    render(<WipAtRiskTile atRisk={0} wip={2} p85={4} />);
    expect(screen.getByText('0')).toBeTruthy();
  });
});
