import type { Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotEnoughData } from '../../components/NotEnoughData.tsx';
import { webAppProject } from '../ManageProjects/project.fixture.ts';
import { BoardCard } from './BoardCard.tsx';

const justAdded: Project = { ...webAppProject(null), sync_status: 'active', last_synced_at: null };
const summary = {
  project_id: justAdded.project_id,
  title: justAdded.title,
  is_demo: false,
  status: 'no_data',
} as const;

function renderCard(project: Project) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BoardCard board={summary} days={30} project={project} />
        <NotEnoughData project={project} needs="Needs a completion" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("Home's card of a board without figures", () => {
  afterEach(cleanup);

  it('says, as the board’s pages do, that a board just added is importing: not "Nothing finished"', () => {
    renderCard(justAdded);
    const card = screen.getByTestId('board-card');
    expect(card.textContent).not.toContain('Nothing finished');
    const importing = screen.getAllByText(
      "Fluxion is importing this board's history from GitHub; the figures follow in a moment.",
    );
    expect(importing).toHaveLength(2);
  });

  it('says nothing finished once the board is synced and its history imported', () => {
    renderCard({ ...justAdded, last_synced_at: '2026-11-29T18:00:00.000Z', history_import: 'done' });
    expect(screen.getByTestId('board-card').textContent).toContain('Nothing finished in the last 30 days');
  });
});
