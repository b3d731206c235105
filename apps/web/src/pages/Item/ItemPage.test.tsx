import type { ItemHistoryResponse, Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectsContext, type ProjectsContextValue } from '../../projects/context.ts';
import { ItemPage } from './ItemPage.tsx';

const BOARD = { project_id: 'P', title: 'Platform' } as Project;

const ANSWER: ItemHistoryResponse = {
  item: {
    id: 'I',
    number: 12,
    title: 'Checkout fails',
    url: 'https://github.com/acme/web/issues/12',
    column: 'Doing',
    labels: [],
  },
  columns: ['Inbox', 'Doing', 'Verify', 'Shipped'],
  cycle_start_column: 'Doing',
  moves: [
    { from: null, to: 'Inbox', at: '2026-11-02T09:00:00.000Z', source: 'import' },
    { from: 'Inbox', to: 'Doing', at: '2026-11-03T09:00:00.000Z', source: 'webhook' },
  ],
  time_in_column: [
    { column: 'Inbox', days: 1, stays: 1 },
    { column: 'Doing', days: 23.24, stays: 1 },
  ],
  blocked: [{ start: '2026-11-10T09:00:00.000Z', end: null, days: 2.5 }],
  blocked_days: 2.5,
  blocked_by: [],
  started_at: '2026-11-03T09:00:00.000Z',
  completed_at: null,
  lead_time_days: null,
  cycle_time_days: null,
  age_days: 23.24,
  age_is_minimum: false,
  history_known_from: null,
  sle: { percent: 85, days: 9, source: 'set', place: 'breached' },
  unit: 'days',
  time_zone: 'UTC',
};

function renderAt(answer: { status: number; body: unknown }) {
  const calls: string[] = [];
  // jsdom has no matchMedia; Primer's Spinner asks it about reduced motion.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      // Only the item's own answer is under test; the other calls fail (404), which the page shows nothing of.
      const own = url.includes('/api/item/');
      return new Response(JSON.stringify(own ? answer.body : { error: { code: 'not_found' } }), {
        status: own ? answer.status : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const projects: ProjectsContextValue = {
    projects: [BOARD],
    loading: false,
    selected: BOARD,
    select: () => undefined,
    reload: async () => undefined,
  };
  render(
    <MemoryRouter initialEntries={['/item?project=P&item=I']}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProjectsContext.Provider value={projects}>
          <ItemPage />
        </ProjectsContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the item page', () => {
  it('shows the item’s moves with their source, its time per column, blocked spans and SLE place, and links on to GitHub', async () => {
    const calls = renderAt({ status: 200, body: ANSWER });
    expect(await screen.findByRole('heading', { name: '#12 Checkout fails' })).toBeTruthy();
    expect(new URL(calls.find((c) => c.includes('/api/item/')) as string, 'http://x').search).toBe(
      '?project=P&item=I',
    );
    const moves = within(screen.getByTestId('item-moves'));
    expect(moves.getByText('Imported from GitHub')).toBeTruthy();
    expect(moves.getByText('GitHub webhook')).toBeTruthy();
    expect(moves.getByText('Nov 3, 2026, 9:00 AM')).toBeTruthy();
    const columns = within(screen.getByTestId('item-columns'));
    // The same rounding as everywhere: 23.24 days reads 23.2.
    expect(columns.getByText('23.2')).toBeTruthy();
    expect(screen.getAllByText('23.2 days').length).toBeGreaterThan(0);
    expect(screen.getByTestId('item-blocked').textContent).toContain('Still blocked');
    expect(screen.getByTestId('item-sle').textContent).toBe(
      'Past the SLE, 85% within 9 days, set by the team: in progress longer than that.',
    );
    expect(screen.getByTestId('item-github').getAttribute('href')).toBe(ANSWER.item.url);
  });

  it('says an age is "at least" when GitHub lost the item’s start', async () => {
    renderAt({
      status: 200,
      body: {
        ...ANSWER,
        age_is_minimum: true,
        started_at: null,
        history_known_from: '2026-11-20T00:00:00.000Z',
      },
    });
    expect(await screen.findByText('at least 23.2 days')).toBeTruthy();
    expect(screen.getByTestId('item-partial').textContent).toBe(
      "GitHub kept none of this item's moves before Nov 20, 2026: its start is not known, so its age counts from then (at least).",
    );
  });

  it('says of a finished item only what its tiles show unknown: a reconstructed joining keeps its lead time', async () => {
    // The partial board's finished item (e2e/partial-history.spec.ts): its joining estimated, its start lost.
    const finished = {
      ...ANSWER,
      item: { ...ANSWER.item, column: 'Shipped' },
      completed_at: '2026-11-16T09:00:00.000Z',
      started_at: null,
      lead_time_days: 12,
      cycle_time_days: null,
      age_days: null,
      history_known_from: '2026-11-16T09:00:00.000Z',
      sle: null,
    };
    renderAt({ status: 200, body: finished });
    expect(await screen.findByText('12 days')).toBeTruthy();
    expect(screen.getByText('Unknown')).toBeTruthy();
    expect(screen.getByTestId('item-partial').textContent).toBe(
      "GitHub kept none of this item's moves before Nov 16, 2026: its start is not known, so it has no cycle time; its lead time counts from when it joined the board.",
    );
    cleanup();
    renderAt({ status: 200, body: { ...finished, lead_time_days: null } });
    expect(await screen.findAllByText('Unknown')).toHaveLength(2);
    expect(screen.getByTestId('item-partial').textContent).toContain(
      'so it has no cycle time and no lead time.',
    );
  });

  it('names the open issues blocking it, each a link to GitHub, and no such list when none does', async () => {
    const url = 'https://github.com/acme/shop/issues/7';
    renderAt({
      status: 200,
      body: {
        ...ANSWER,
        blocked_by: [
          {
            number: 7,
            repository: 'acme/shop',
            title: 'Payment API',
            url,
            since: '2026-11-10T09:00:00.000Z',
          },
        ],
      },
    });
    const list = await screen.findByTestId('item-blocked-by');
    const link = within(list).getByRole('link');
    expect(link.getAttribute('href')).toBe(url);
    expect(link.textContent).toContain('acme/shop#7 Payment API');
    expect(list.textContent).toContain('since Nov 10, 2026, 9:00 AM');
    cleanup();
    renderAt({ status: 200, body: ANSWER });
    expect(await screen.findByTestId('item-blocked')).toBeTruthy();
    expect(screen.queryByTestId('item-blocked-by')).toBeNull();
  });

  it('says the item is not there for a 404 (not on the board, or not the viewer’s to see)', async () => {
    renderAt({ status: 404, body: { error: 'not_found', message: 'Item I not found on this project' } });
    expect(await screen.findByText('This item is not on the board, or you may not see it.')).toBeTruthy();
    expect(screen.queryByTestId('item-moves')).toBeNull();
  });
  it('names what each estimated move rests on', async () => {
    const moves = [
      { from: null, to: 'Inbox', at: '2026-11-02T09:00:00.000Z', source: 'estimated', basis: 'added' },
      { from: 'Inbox', to: 'Doing', at: '2026-11-03T09:00:00.000Z', source: 'estimated', basis: 'labeled' },
      { from: 'Doing', to: 'Verify', at: '2026-11-05T09:00:00.000Z', source: 'import' },
    ];
    renderAt({ status: 200, body: { ...ANSWER, moves } });
    const table = within(await screen.findByTestId('item-moves'));
    expect(table.getByText('Estimated when it joined the board')).toBeTruthy();
    expect(table.getByText('Estimated from a work label put on')).toBeTruthy();
    expect(table.getByText('Imported from GitHub')).toBeTruthy();
  });
});
