import type { Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Page } from '../Page.tsx';

const BOARD = {
  project_id: 'P',
  title: 'Partial board',
  is_demo: false,
  recording_since: '2026-11-01T00:00:00.000Z',
  calendar: { time_zone: 'UTC' },
  history: { imported_items: 9, partial_items: 8, estimated_items: 6 },
} as unknown as Project;

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function renderAt(search: string, board: Project, estimatedChoice = true) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/flow${search}`]}>
        <Page title="Flow" board={board} estimatedChoice={estimatedChoice}>
          <Address />
        </Page>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The page's other notes (level of work, access) ask the server; they are not under test here.
beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the estimated history choice on an analysis page', () => {
  it('includes estimated steps by default and says so after the history counts', () => {
    renderAt('?project=P', BOARD);
    expect(screen.getByLabelText('Estimated history')).toHaveProperty('value', 'include');
    expect(screen.getByText(/partial for 8 \(6 estimated, 2 unknown\)/).textContent).toContain(
      'Estimated steps included in these figures.',
    );
  });

  it('leaves them out through the address, and the line says which is in force', () => {
    renderAt('?project=P&label=bug', BOARD);
    fireEvent.change(screen.getByLabelText('Estimated history'), { target: { value: 'leave_out' } });
    expect(screen.getByTestId('address').textContent).toBe('?project=P&label=bug&estimated=leave_out');
    expect(screen.getByText(/Estimated steps left out: those items count as partial\./)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Estimated history'), { target: { value: 'include' } });
    expect(screen.getByTestId('address').textContent).toBe('?project=P&label=bug');
  });

  it('offers nothing on a board without estimates, nor on a page that is no analysis', () => {
    const exact = { ...BOARD, history: { imported_items: 9, partial_items: 0, estimated_items: 0 } };
    renderAt('?project=P', exact as Project);
    expect(screen.queryByLabelText('Estimated history')).toBeNull();
    expect(screen.getByText(/partial for 0/).textContent).not.toContain('Estimated steps');
    cleanup();
    renderAt('?project=P', BOARD, false);
    expect(screen.queryByLabelText('Estimated history')).toBeNull();
  });
});
