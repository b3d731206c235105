import { cleanup, render, screen, within } from '@testing-library/react';
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
});
