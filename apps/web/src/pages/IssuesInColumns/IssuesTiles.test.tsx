import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fallbackStats } from './issuesLogic.ts';
import { IssuesTiles } from './IssuesTiles.tsx';

const tile = (label: string) => screen.getByText(label).closest('[data-tone]')?.textContent ?? '';

describe('the Issues in Columns tiles', () => {
  afterEach(cleanup);

  it('show no average days for an empty column (the demo board’s Blocked, or a filter keeping nothing)', () => {
    render(<IssuesTiles total={0} stats={fallbackStats([])} />);
    expect(tile('Total Issues')).toBe('Total Issues0');
    expect(tile('Avg Days in Column')).toBe('Avg Days in ColumnN/A');
  });

  it('average the days of the issues in the column', () => {
    const stats = { ...fallbackStats([]), avg_days: 12.11 };
    render(<IssuesTiles total={9} stats={stats} />);
    expect(tile('Avg Days in Column')).toBe('Avg Days in Column12.1');
  });
});
