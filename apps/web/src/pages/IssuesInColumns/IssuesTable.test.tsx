import type { IssueRow } from '@fluxion/contract';
import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ISSUES_PAGE, IssuesTable } from './IssuesTable.tsx';

afterEach(cleanup);

/** `n` issues, issue i having been in the column i days (so #n-1 waits longest). */
const issues = (n: number): IssueRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `I_${i}`,
    number: i,
    title: `Issue ${i}`,
    url: null,
    days_in_current_column: i,
    entered_column_at: null,
    milestone: null,
    labels: [],
  }));

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('IssuesTable', () => {
  it('draws the longest-waiting issues first, and the rest a page at a time or all at once', async () => {
    const user = userEvent.setup();
    render(<IssuesTable issues={issues(ISSUES_PAGE * 2 + 30)} timeZone="UTC" />);
    expect(bodyRows()).toHaveLength(ISSUES_PAGE);
    expect(bodyRows()[0]?.textContent).toContain(`#${ISSUES_PAGE * 2 + 29}`);
    expect(
      screen.getByText(`Showing the ${ISSUES_PAGE} longest-waiting of ${ISSUES_PAGE * 2 + 30} issues.`),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Show ${ISSUES_PAGE} more` }));
    expect(bodyRows()).toHaveLength(ISSUES_PAGE * 2);
    expect(screen.getByRole('button', { name: 'Show 30 more' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(bodyRows()).toHaveLength(ISSUES_PAGE * 2 + 30);
    expect(bodyRows().at(-1)?.textContent).toContain('#0Issue 0');
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('shows an item GitHub hides from the user as its placeholder: no number, no link', () => {
    const hidden = { ...issues(1)[0], number: null, title: PRIVATE_ITEM_TITLE } as IssueRow;
    const shown = { ...issues(2)[1], url: 'https://github.com/acme/api/issues/1' } as IssueRow;
    render(<IssuesTable issues={[hidden, shown]} timeZone="UTC" />);
    // The longest-waiting first: the shown issue (1 day), then the hidden one.
    const [first, second] = bodyRows();
    expect(first?.textContent).toMatch(/^#1Issue 1/);
    expect(second?.textContent).toMatch(new RegExp(`^${PRIVATE_ITEM_TITLE}`));
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows every issue of a small column, with no paging controls', () => {
    render(<IssuesTable issues={issues(7)} timeZone="UTC" />);
    expect(bodyRows()).toHaveLength(7);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
