import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { webAppProject } from '../pages/ManageProjects/project.fixture.ts';
import { NotEnoughData } from './NotEnoughData.tsx';

const synced = {
  ...webAppProject(null),
  sync_status: 'active',
  last_synced_at: '2026-11-20T10:00:00Z',
  history_import: 'done',
  recording_since: '2026-07-28T00:00:00Z',
} as Parameters<typeof NotEnoughData>[0]['project'];

describe('NotEnoughData', () => {
  afterEach(cleanup);

  it('says what the board waits for and since when it is recorded', () => {
    render(<NotEnoughData project={synced} needs="Lead time appears once an issue reaches 'Done'." />);
    const region = screen.getByRole('region', { name: 'Not enough data yet' });
    expect(region.textContent).toContain("reaches 'Done'");
    expect(region.textContent).toContain('recorded this board');
  });

  it('under a filter, blames the filter instead of the board', () => {
    render(
      <NotEnoughData project={synced} needs="Lead time appears once an issue reaches 'Done'." filtered />,
    );
    const region = screen.getByRole('region', { name: 'Not enough matching items' });
    expect(region.textContent).toContain('Widen or clear the filter');
    expect(region.textContent).not.toContain("reaches 'Done'");
    expect(region.textContent).not.toContain('recorded this board');
  });

  it('says plainly that no item matches when the answer counts none kept, and keeps "too few" otherwise', () => {
    const needs = "Lead time appears once an issue reaches 'Done'.";
    render(<NotEnoughData project={synced} needs={needs} filtered keptItems={0} />);
    const none = screen.getByRole('region', { name: 'No matching items' });
    expect(none.textContent).toContain('No item matches the filter.');
    expect(none.textContent).not.toContain('Too few');
    cleanup();
    render(<NotEnoughData project={synced} needs={needs} filtered keptItems={3} />);
    expect(screen.getByRole('region', { name: 'Not enough matching items' }).textContent).toContain(
      'Too few of the items the filter keeps',
    );
  });
});
