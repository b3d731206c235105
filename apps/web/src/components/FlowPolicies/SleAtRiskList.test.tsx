import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AT_RISK_SHOWN_FIRST, SleAtRiskList } from './SleAtRiskList.tsx';

const item = {
  id: 'I1',
  number: 7,
  title: 'Fix the login',
  url: null,
  column: 'In Progress',
  age_days: 12,
  sle_risk: 'breached' as const,
};

describe('SleAtRiskList', () => {
  it('says working days on a board whose durations follow a working calendar', () => {
    render(<SleAtRiskList items={[item]} sle={{ percent: 85, days: 9 }} unit="working days" />);
    expect(screen.getByText(/85% of items finish within 9 working days/)).toBeTruthy();
    expect(screen.getByText('In Progress, 12 working days in progress')).toBeTruthy();
  });

  it('says days on a calendar without days off, one day in the singular', () => {
    render(<SleAtRiskList items={[{ ...item, age_days: 1 }]} sle={{ percent: 85, days: 9 }} />);
    expect(screen.getByText(/85% of items finish within 9 days/)).toBeTruthy();
    expect(screen.getByText('In Progress, 1 day in progress')).toBeTruthy();
  });

  it('lists the oldest first and more at each press, however many items missed the SLE', () => {
    const many = Array.from({ length: 1_234 }, (_, i) => ({
      ...item,
      id: `I${i}`,
      number: i,
      age_days: 2_000 - i,
    }));
    render(<SleAtRiskList items={many} sle={{ percent: 85, days: 9 }} />);
    const listed = () => screen.getAllByTestId('sle-at-risk-item');
    expect(listed()).toHaveLength(AT_RISK_SHOWN_FIRST);
    expect(listed()[0]?.textContent).toContain('#0 Fix the login');
    expect(
      screen.getByText(`and ${(1_234 - AT_RISK_SHOWN_FIRST).toLocaleString('en-US')} more`, { exact: false }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(listed()).toHaveLength(AT_RISK_SHOWN_FIRST + 100);
    expect(listed().at(-1)?.textContent).toContain(`#${AT_RISK_SHOWN_FIRST + 99} `);
  });

  it('shows no button where only the first items were sent (Home: five and a count)', () => {
    render(<SleAtRiskList items={[item]} total={40} sle={{ percent: 85, days: 9 }} />);
    expect(screen.getByText('and 39 more')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
