import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CalendarField } from './CalendarField.tsx';
import { calendarRequest, initialCalendar, parseHolidays } from './calendarForm.ts';
import { webAppProject } from './project.fixture.ts';

/** The field as the Edit dialog holds it, showing what Save would send. */
function Harness() {
  const [choice, setChoice] = useState(() => initialCalendar(webAppProject(null)));
  return (
    <>
      <CalendarField choice={choice} onChange={setChoice} />
      <output>{JSON.stringify(calendarRequest(choice))}</output>
    </>
  );
}
const sent = () => JSON.parse(screen.getByRole('status').textContent ?? 'undefined');

describe('CalendarField', () => {
  afterEach(cleanup);

  it('starts at UTC, every day worked; sets a zone, a Friday–Saturday weekend and pasted holidays', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(sent()).toEqual({ calendar: { time_zone: 'UTC', weekends: [], holidays: [] } });
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Dubai');
    await user.click(screen.getByLabelText('Exclude weekends'));
    expect(sent().calendar.weekends).toEqual([0, 6]);
    await user.click(screen.getByLabelText('Sunday'));
    await user.click(screen.getByLabelText('Friday'));
    await user.click(screen.getByLabelText(/^Holidays/));
    await user.paste('2026-12-03\n\n2026-12-02\n');
    expect(sent()).toEqual({
      calendar: { time_zone: 'Asia/Dubai', weekends: [5, 6], holidays: ['2026-12-02', '2026-12-03'] },
    });
  });

  it('names the line that is not a date', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByLabelText(/^Holidays/));
    await user.paste('2026-12-25\nchristmas eve');
    expect(screen.getByText('Not a date (YYYY-MM-DD): christmas eve')).toBeTruthy();
    expect(sent()).toEqual({ badLine: 'christmas eve' });
  });

  it('refuses dates that do not exist', () => {
    expect(parseHolidays('2026-02-30')).toEqual({ badLine: '2026-02-30' });
    expect(parseHolidays(' 2026-02-28 \r\n2026-02-28')).toEqual({ holidays: ['2026-02-28'] });
  });

  it('refuses the dates the server refuses: years before 1970 (0050 was taken, and broke the board)', () => {
    expect(parseHolidays('2026-12-25\n0050-01-01')).toEqual({ badLine: '0050-01-01' });
    expect(parseHolidays('1969-12-31')).toEqual({ badLine: '1969-12-31' });
    expect(parseHolidays('1970-01-01\n9999-12-31')).toEqual({ holidays: ['1970-01-01', '9999-12-31'] });
  });
});
