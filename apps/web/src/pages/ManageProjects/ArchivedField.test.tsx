import type { Project } from '@fluxion/contract';
import { DEFAULT_CALENDAR } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchivedField } from './ArchivedField.tsx';
import { webAppProject } from './project.fixture.ts';
import { boardSettings, initialIncludeArchived } from './projectForm.ts';

/** The field as the Edit dialog holds it, showing what Save would send. */
function Harness({ project }: { project: Project }) {
  const [checked, setChecked] = useState(() => initialIncludeArchived(project));
  return (
    <>
      <ArchivedField checked={checked} onChange={setChecked} />
      <output>{JSON.stringify(boardSettings(project, DEFAULT_CALENDAR, checked))}</output>
    </>
  );
}
const sent = () => JSON.parse(screen.getByRole('status').textContent ?? 'undefined');
const box = () => screen.getByLabelText('Include archived items') as HTMLInputElement;

describe('ArchivedField', () => {
  afterEach(cleanup);

  it('reads the board setting back and sends the changed value with the other settings', async () => {
    const user = userEvent.setup();
    render(<Harness project={{ ...webAppProject(null), include_archived: false }} />);
    expect(box().checked).toBe(false);
    expect(sent()).toEqual({ calendar: DEFAULT_CALENDAR, include_archived: false });
    await user.click(box());
    expect(sent()).toEqual({ calendar: DEFAULT_CALENDAR, include_archived: true });
    expect(screen.getByText(/turn this off to leave archived cards out of every analysis/i)).toBeTruthy();
  });

  it('sends nothing for a board whose shared settings another tracker sets', () => {
    const project = { ...webAppProject(null), shared_settings: { set_by: 'octo-alice', editable: false } };
    render(<Harness project={project} />);
    expect(sent()).toEqual({});
  });

  it('counts archived items by default and sends nothing for the demo', async () => {
    const user = userEvent.setup();
    render(<Harness project={{ ...webAppProject(null), is_demo: true }} />);
    expect(box().checked).toBe(true);
    await user.click(box());
    expect(sent()).toEqual({});
  });
});
