import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/errors.ts';
import { errorMessage } from '../components/ErrorState.tsx';
import { tabTitle } from '../components/Page.tsx';
import { flowHasCompletions, leadTimeHasData, timeInStateHasData } from './readiness.ts';
import { awaitsData, syncState, timeAgo } from './sync.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('what a board waits for', () => {
  it('lead time needs one completion; time in state one recorded stay; flow one completion', () => {
    expect(leadTimeHasData([])).toBe(false);
    expect(leadTimeHasData([{ date: '2026-11-25', lead: null, cycle: null }])).toBe(false);
    expect(leadTimeHasData([{ date: '2026-11-25', lead: 2, cycle: null }])).toBe(true);
    expect(timeInStateHasData([{ date: '2026-11-25' }])).toBe(false);
    expect(timeInStateHasData([{ date: '2026-11-25', Doing: 0.5 }])).toBe(true);
    const flow = (total: number) => ({ throughput: { daily: [], weekly: [], total, per_week: 0 } });
    expect(flowHasCompletions(flow(0))).toBe(false);
    expect(flowHasCompletions(flow(3))).toBe(true);
  });
});

describe('a board’s sync state', () => {
  it('says when it last synced, that it waits for the first sync, or that access is lost', () => {
    const synced = new Date(NOW - 3 * 60_000).toISOString();
    expect(syncState({ sync_status: 'active', last_synced_at: synced }, NOW)).toEqual({
      tone: 'ok',
      text: 'Synced with GitHub 3 minutes ago',
    });
    expect(syncState({ sync_status: 'active', last_synced_at: null }, NOW).text).toBe(
      'Waiting for the first sync with GitHub',
    );
    expect(syncState({ sync_status: 'inaccessible', last_synced_at: synced }, NOW).tone).toBe('lost');
    const importing = { sync_status: 'active', last_synced_at: synced, history_import: 'pending' } as const;
    expect(syncState(importing, NOW).text).toBe('Importing the history from GitHub…');
    expect(awaitsData(importing)).toBe(true);
    expect(awaitsData({ ...importing, history_import: 'done' })).toBe(false);
    expect(awaitsData({ sync_status: 'active', last_synced_at: null })).toBe(true);
  });

  it('counts in seconds, minutes, hours and days', () => {
    expect(timeAgo(new Date(NOW - 2_000).toISOString(), NOW)).toBe('just now');
    expect(timeAgo(new Date(NOW - 30_000).toISOString(), NOW)).toBe('30 seconds ago');
    expect(timeAgo(new Date(NOW - 2 * 3600_000).toISOString(), NOW)).toBe('2 hours ago');
    expect(timeAgo(new Date(NOW - 86_400_000).toISOString(), NOW)).toBe('yesterday');
  });
});

describe('errors and titles', () => {
  it('shows the server’s message, but a bare status text gives way to the page’s words', () => {
    expect(errorMessage(new HttpError(502, 'GitHub is not answering (502).'), 'x')).toBe(
      'GitHub is not answering (502).',
    );
    expect(errorMessage(new HttpError(500, 'Internal Server Error'), 'Failed to load data')).toBe(
      'Failed to load data',
    );
    expect(errorMessage('nope', 'Failed to load data')).toBe('Failed to load data');
  });

  it('names the page and the board in the tab', () => {
    expect(tabTitle('Flow', 'Web app')).toBe('Flow · Web app · Fluxion Analytics');
    expect(tabTitle('Projects')).toBe('Projects · Fluxion Analytics');
    expect(tabTitle('Sign in to Fluxion Analytics')).toBe('Sign in to Fluxion Analytics');
  });
});
