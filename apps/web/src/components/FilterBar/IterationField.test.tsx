import type { IterationReportResponse, Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectsContext, type ProjectsContextValue } from '../../projects/context.ts';
import { FilterBar } from './FilterBar.tsx';
import { useItemFilter } from './useItemFilter.ts';

const BOARD = { project_id: 'P', title: 'Board' } as Project;

function Harness() {
  const projects: ProjectsContextValue = {
    projects: [BOARD],
    loading: false,
    selected: BOARD,
    select: () => undefined,
    reload: async () => undefined,
  };
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProjectsContext.Provider value={projects}>
        <Bar />
      </ProjectsContext.Provider>
    </QueryClientProvider>
  );
}

function Bar() {
  const [filter, setFilter] = useItemFilter();
  return (
    <>
      <FilterBar filter={filter} onChange={setFilter} />
      <output>{useLocation().search}</output>
    </>
  );
}

const report = (field: string | null): IterationReportResponse => ({
  unit: 'items',
  iteration_field: field,
  estimate_field: null,
  iterations: field
    ? [
        { id: 'a', title: 'Sprint 1', start: '2026-11-02', end: '2026-11-15' },
        { id: 'b', title: 'Sprint 2', start: '2026-11-16', end: '2026-11-29' },
      ]
    : [],
  current: null,
  recent: [],
});

/** The API answering the board's iteration report; any other call answers nothing useful. */
function stubIterations(answer: IterationReportResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const found = new URL(url, 'http://localhost').pathname === '/api/iterations/';
      return new Response(JSON.stringify(found ? answer : {}), {
        status: found ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

describe("the filter bar's iteration choice", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers any, the current, the previous and each of the board's iterations, newest first, and writes it into the address", async () => {
    stubIterations(report('Sprint'));
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P&days=30']}>
        <Harness />
      </MemoryRouter>,
    );
    const select = await screen.findByRole('combobox', { name: 'Sprint' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any iteration', 'Current iteration', 'Previous iteration', 'Sprint 2', 'Sprint 1']);
    await user.selectOptions(select, 'Sprint 1');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(screen.getByRole('status').textContent).toBe('?project=P&days=30&iteration=Sprint+1');
    expect(screen.getByTestId('filter-on')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status').textContent).toBe('?project=P&days=30');
  });

  it('is not offered on a board without an Iteration field, unless the address names an iteration', async () => {
    stubIterations(report(null));
    render(
      <MemoryRouter initialEntries={['/flow?project=P']}>
        <Harness />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Apply filter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('combobox', { name: /iteration/i })).toBeNull();
    cleanup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P&iteration=current']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.getByRole('combobox', { name: 'Iteration' })).toHaveProperty('value', 'current');
  });
});
