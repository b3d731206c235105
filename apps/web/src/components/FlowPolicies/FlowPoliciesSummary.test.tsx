import type { FlowResponse } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlowPoliciesSummary } from './FlowPoliciesSummary.tsx';

const noSle = { sle: null, blocked: null, wip_limits: [] } as unknown as FlowResponse;

describe('the Flow policies line without an SLE', () => {
  afterEach(cleanup);

  it("says the board lacks finished items when no filter is on, and the filter's items when one is", () => {
    const { rerender } = render(<FlowPoliciesSummary data={noSle} />);
    expect(screen.getByTestId('flow-sle').textContent).toBe(
      'No SLE yet: fewer than 10 items finished in the last 90 days.',
    );
    rerender(<FlowPoliciesSummary data={noSle} filtered />);
    expect(screen.getByTestId('flow-sle').textContent).toBe(
      'No SLE yet: fewer than 10 of the items the filter keeps finished in the last 90 days.',
    );
  });
});
