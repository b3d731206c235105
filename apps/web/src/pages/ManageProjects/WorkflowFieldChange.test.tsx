import type { ProjectFields } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { webAppProject } from './project.fixture.ts';
import { WorkflowFieldChange } from './WorkflowFieldChange.tsx';

const fields: ProjectFields = {
  fields: [
    { id: 'F_status', name: 'Status', columns: ['Todo', 'Done'] },
    { id: 'F_stage', name: 'Stage', columns: ['Idea', 'Shipped'] },
  ],
  default_field_id: 'F_status',
};
const project = { ...webAppProject(null), workflow_field: { id: 'F_status', name: 'Status' } };

/** The field as the Edit dialog holds it, showing what Save would change. */
function Harness() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <WorkflowFieldChange project={project} fields={fields} value={value} onChange={setValue} />
      <output>{String(value)}</output>
    </>
  );
}

describe('WorkflowFieldChange', () => {
  afterEach(cleanup);

  it('shows the board’s field, and says what Save does to the history only when another is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const select = screen.getByLabelText('Workflow field') as HTMLSelectElement;
    expect(select.value).toBe('F_status');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.selectOptions(select, 'F_stage');
    expect(screen.getByRole('status').textContent).toBe('F_stage');
    expect(screen.getByRole('alert').textContent).toBe(
      'Saving deletes the history recorded under “Status” and reads the board again by “Stage” as if added now: its past moves are imported from GitHub again, with the gaps GitHub left marked partial, and the cycle time start column and column classification go back to automatic.',
    );
    await user.selectOptions(select, 'F_status');
    expect(screen.getByRole('status').textContent).toBe('null');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
