import type { FilterSuggestions, Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectsContext, type ProjectsContextValue } from '../../projects/context.ts';
import { FilterBar } from './FilterBar.tsx';
import { useItemFilter } from './useItemFilter.ts';

/** The bar on a page, showing the address it writes; `selected`: the board chosen in the top navigation. */
function Harness({ selected = null }: { selected?: Project | null }) {
  const projects: ProjectsContextValue = {
    projects: selected ? [selected] : [],
    loading: false,
    selected,
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
  const location = useLocation();
  return (
    <>
      <FilterBar filter={filter} onChange={setFilter} />
      <output>{location.search}</output>
    </>
  );
}

/** The API answering the board's names; any other call answers nothing useful. */
function stubSuggestions(suggestions: FilterSuggestions) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const found = new URL(url, 'http://localhost').pathname === '/api/filter-suggestions/';
      return new Response(JSON.stringify(found ? suggestions : {}), {
        status: found ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const address = () => screen.getByRole('status').textContent;

describe('FilterBar', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("suggests the board's labels as they are typed, without case, and a pick goes into the filter", async () => {
    const calls = stubSuggestions({
      labels: [
        { name: 'bug', items: 12 },
        { name: 'ux', items: 4 },
        { name: 'debt', items: 2 },
      ],
      milestones: [{ name: 'v1.0', items: 3 }],
      assignees: [],
      repositories: [],
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P']}>
        <Harness selected={{ project_id: 'P', title: 'Board' } as Project} />
      </MemoryRouter>,
    );
    const labels = screen.getByRole('combobox', { name: 'Labels (any of)' });
    await user.type(labels, 'B');
    const list = await screen.findByRole('listbox');
    // Names that start with it first, then those that contain it, each with its number of items.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['bug12', 'debt2']);
    await user.click(within(list).getByRole('option', { name: /^bug/ }));
    expect(labels).toHaveProperty('value', 'bug');
    expect(screen.queryByRole('listbox')).toBeNull();

    // The keyboard: a second label, ArrowDown and Enter, which picks without submitting the form.
    await user.type(labels, ', u');
    await user.keyboard('{ArrowDown}');
    expect(labels.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /^ux/ }).id);
    await user.keyboard('{Enter}');
    expect(labels).toHaveProperty('value', 'bug, ux');
    expect(address()).toBe('?project=P');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe('?project=P&label=bug&label=ux');
    expect(calls.filter((url) => url.includes('/api/filter-suggestions/?project=P'))).toHaveLength(1);
  });

  it('keeps typing free: a name the board does not have is filtered on as typed, Escape closes the list', async () => {
    stubSuggestions({ labels: [{ name: 'bug', items: 1 }], milestones: [], assignees: [], repositories: [] });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P']}>
        <Harness selected={{ project_id: 'P', title: 'Board' } as Project} />
      </MemoryRouter>,
    );
    const labels = screen.getByRole('combobox', { name: 'Labels (any of)' });
    await user.type(labels, 'b');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(labels.getAttribute('aria-expanded')).toBe('false');
    await user.type(labels, 'lue{Enter}');
    expect(address()).toBe('?project=P&label=blue');
  });

  it('writes the filter into the address, keeping the other parameters, and clears it', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P&days=60']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('filter-on')).toBeNull();
    await user.type(screen.getByLabelText('Labels (any of)'), 'bug, ux');
    await user.selectOptions(screen.getByLabelText('Type'), 'pull_request');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe('?project=P&days=60&label=bug&label=ux&type=pull_request');
    expect(screen.getByTestId('filter-on')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(address()).toBe('?project=P&days=60');
    expect(screen.getByLabelText<HTMLInputElement>('Labels (any of)').value).toBe('');
  });

  it('refuses a reversed date range before asking the server, saying so next to the dates', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?project=P']}>
        <Harness />
      </MemoryRouter>,
    );
    const from = screen.getByLabelText('On the board from');
    const to = screen.getByLabelText('Until');
    await user.type(from, '2026-03-10');
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe('?project=P');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      "'Until' is before 'On the board from': choose an end date on or after the start date.",
    );
    for (const input of [from, to]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(document.activeElement).toBe(to);

    await user.clear(to);
    await user.type(to, '2026-03-20');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe('?project=P&from=2026-03-10&to=2026-03-20');
  });

  it('says so when the address holds a reversed range (a pasted link)', () => {
    render(
      <MemoryRouter initialEntries={['/flow?from=2026-03-10&to=2026-03-01']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/^'Until' is before 'On the board from'/);
  });

  it('filters to the items without a type or a Priority, apart from the names typed, which it escapes', async () => {
    stubSuggestions({ labels: [], milestones: [], assignees: [], repositories: [] });
    const user = userEvent.setup();
    const board = {
      project_id: 'P',
      title: 'Board',
      breakdown_field: { id: 'F', name: 'Priority', gone: false },
    } as unknown as Project;
    render(
      <MemoryRouter initialEntries={['/flow?project=P']}>
        <Harness selected={board} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'No Priority' }));
    await user.type(screen.getByLabelText('Issue type'), 'Bug, ~ops');
    await user.click(screen.getByRole('checkbox', { name: 'No type' }));
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe(
      '?project=P&issue_type=Bug&issue_type=%7E%7Eops&issue_type=%7Enone&field_value=%7Enone',
    );
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    // The address read back: the names as typed, "none" as the boxes.
    expect(screen.getByLabelText<HTMLInputElement>('Issue type').value).toBe('Bug, ~ops');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'No type' }).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'No Priority' }));
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(address()).toBe('?project=P&issue_type=Bug&issue_type=%7E%7Eops&issue_type=%7Enone');
  });

  it('shows the filter the address holds', () => {
    render(
      <MemoryRouter initialEntries={['/flow?label=bug&not_label=wontfix&from=2026-01-01']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Labels (any of)').value).toBe('bug');
    expect(screen.getByLabelText<HTMLInputElement>('Without labels').value).toBe('wontfix');
    expect(screen.getByLabelText<HTMLInputElement>('On the board from').value).toBe('2026-01-01');
  });

  it('folds behind a disclosure button that counts the filters on, and folds again once applied', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/flow?label=bug&from=2026-01-01']}>
        <Harness />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const form = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(form?.hasAttribute('data-open')).toBe(false);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(form?.getAttribute('data-open')).toBe('true');

    await user.type(screen.getByLabelText('Without labels'), 'wontfix');
    await user.click(screen.getByRole('button', { name: 'Apply filter' }));
    const after = screen.getByRole('button', { name: 'Filters (3)' });
    expect(after.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(after);

    await user.click(after);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });
});
