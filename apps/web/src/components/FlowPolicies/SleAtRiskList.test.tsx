import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SleAtRiskList } from './SleAtRiskList.tsx';

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
});
