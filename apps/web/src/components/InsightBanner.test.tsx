import type { Insight } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InsightBanner } from './InsightBanner.tsx';

const count: Insight = {
  severity: 'critical',
  message:
    "1 of 1 issue in 'Doing' has been there longer than two iterations (14 days); oldest #3 at 20 days.",
  confidence: 0,
};

/** A count is not an estimate (issue 31): Issues in Columns' insights carry no confidence line. */
describe('InsightBanner confidence', () => {
  afterEach(cleanup);

  it('shows no confidence under a count (confidence 0, no sample)', () => {
    render(<InsightBanner insight={count} />);
    expect(screen.getByText(count.message)).toBeTruthy();
    expect(screen.queryByText(/Confidence/)).toBeNull();
    expect(screen.queryByText(/a sample of/)).toBeNull();
  });

  it('shows an estimate’s confidence and the sample it comes from', () => {
    render(
      <InsightBanner
        insight={{ severity: 'warning', message: 'Lead time rose.', confidence: 0.29, sample: 4 }}
      />,
    );
    expect(screen.getByText(/Confidence/).textContent).toContain('(a sample of 4)');
  });
});
