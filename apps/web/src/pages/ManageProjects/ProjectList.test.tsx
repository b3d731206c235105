import { cleanup, render, screen, within } from '@testing-library/react';
import type { Project } from '@fluxion/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webAppProject } from './project.fixture.ts';
import { ProjectList } from './ProjectList.tsx';

const nothing = () => {};

describe('ProjectList', () => {
  // jsdom lacks constructable style sheets, which the popover polyfill of Primer's tooltips adopts.
  beforeAll(() => {
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(cleanup);

  it("notes a board whose earlier history GitHub's timelines could not give, and only that one", () => {
    const older = {
      ...webAppProject(null),
      project_id: 'PVT_old',
      title: 'On GHES 3.18',
      history_import: 'unavailable' as const,
    };
    const current = {
      ...webAppProject(null),
      project_id: 'PVT_new',
      title: 'On github.com',
      history_import: 'done' as const,
    };
    render(<ProjectList projects={[older, current]} onEdit={nothing} onDelete={nothing} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Projects' })).getAllByRole('listitem');
    const note = within(first as HTMLElement).getByText('No earlier history');
    expect(note.getAttribute('title')).toMatch(/moves made before the board was added could not be imported/);
    expect(within(second as HTMLElement).queryByText('No earlier history')).toBeNull();
  });

  it("says what is true of each board's history: imported at once, then recorded move by move since it was added", () => {
    const board = (project_id: string, extra: Partial<Project>): Project => ({
      ...webAppProject(null),
      project_id,
      title: project_id,
      recording_since: '2026-11-03T09:30:00.000Z',
      ...extra,
    });
    render(
      <ProjectList
        projects={[
          board('imported', { history_import: 'done' }),
          board('importing', { history_import: 'pending' }),
          board('none', { history_import: 'unavailable' }),
          board('demo', { is_demo: true }),
        ]}
        onEdit={nothing}
        onDelete={nothing}
      />,
    );
    const rows = within(screen.getByRole('list', { name: 'Projects' })).getAllByRole('listitem');
    const text = (index: number) => (rows[index] as HTMLElement).textContent ?? '';
    expect(text(0)).toContain('Earlier moves imported from GitHub; recorded move by move since Nov 3, 2026.');
    expect(text(1)).toContain(
      'Importing earlier moves from GitHub; recorded move by move since Nov 3, 2026.',
    );
    expect(text(2)).toContain('Recorded move by move since Nov 3, 2026.');
    expect(text(3)).not.toMatch(/recorded move by move/i);
    expect(document.body.textContent).not.toMatch(/few days/);
  });
});
