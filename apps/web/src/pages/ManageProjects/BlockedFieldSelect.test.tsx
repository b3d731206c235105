import type { Project, ProjectFields } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BoardFieldsState } from './BlockedFieldSelect.tsx';
import { FlowPoliciesField, initialPolicies, policiesRequest } from './FlowPoliciesField.tsx';
import { webAppProject } from './project.fixture.ts';

const fields: ProjectFields['fields'] = [
  { id: 'F_status', name: 'Status', columns: ['Todo', 'Done'] },
  { id: 'F_blocked', name: 'Blocked', columns: ['Yes', 'No'] },
  { id: 'F_priority', name: 'Priority', columns: ['P1', 'P2'] },
];
const loaded: BoardFieldsState = { status: 'loaded', fields };

/** The policies as the Edit dialog holds them, showing the blocked field Save would send. */
function Harness({ project, board }: { project: Project; board: BoardFieldsState }) {
  const [choice, setChoice] = useState(() => initialPolicies(project));
  const request = policiesRequest(choice);
  return (
    <>
      <FlowPoliciesField
        choice={choice}
        onChange={setChoice}
        boardFields={board}
        workflowFieldId="F_status"
      />
      <output>{request ? JSON.stringify(request.blocked_field) : 'cannot save'}</output>
    </>
  );
}
const sent = () => screen.getByRole('status').textContent;
const fieldSelect = () => screen.getByLabelText('Blocked field (optional)') as HTMLSelectElement;
const valueSelect = () => screen.getByLabelText('Value that marks it blocked') as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((o) => o.text);
const saved = (blocked_field: NonNullable<Project['flow_policies']>['blocked_field']) => ({
  ...webAppProject(null),
  flow_policies: { sle: null, wip_limits: {}, blocked_label: 'blocked', blocked_field },
});

describe('the blocked field of Edit project', () => {
  afterEach(cleanup);

  it("offers the board's single-select fields but the workflow field, then the chosen field's options", async () => {
    const user = userEvent.setup();
    render(<Harness project={webAppProject(null)} board={loaded} />);
    expect(optionTexts(fieldSelect())).toEqual(['None', 'Blocked (Yes, No)', 'Priority (P1, P2)']);
    expect(fieldSelect().value).toBe('');
    expect(valueSelect().disabled).toBe(true);
    expect(sent()).toBe('null');
    await user.selectOptions(fieldSelect(), 'F_blocked');
    // No option is chosen for the team: the dialog cannot save until one is.
    expect(optionTexts(valueSelect())).toEqual(['Choose a value…', 'Yes', 'No']);
    expect(sent()).toBe('cannot save');
    await user.selectOptions(valueSelect(), 'Yes');
    expect(JSON.parse(sent() ?? '')).toEqual({ name: 'Blocked', value: 'Yes' });
    await user.selectOptions(fieldSelect(), 'F_priority');
    expect(valueSelect().value).toBe('');
    await user.selectOptions(valueSelect(), 'P2');
    expect(JSON.parse(sent() ?? '')).toEqual({ name: 'Priority', value: 'P2' });
    await user.selectOptions(fieldSelect(), '');
    expect(sent()).toBe('null');
    expect(screen.queryByRole('textbox', { name: 'Blocked field (optional)' })).toBeNull();
  });

  it('shows the saved field by its id, under its new name when renamed on GitHub, and sends that name', async () => {
    const user = userEvent.setup();
    const project = saved({ name: 'Flag', value: 'yes', field_id: 'F_blocked', option_id: 'o1' });
    render(<Harness project={project} board={loaded} />);
    expect(fieldSelect().value).toBe('F_blocked');
    expect(valueSelect().value).toBe('Yes');
    await user.selectOptions(valueSelect(), 'No');
    expect(JSON.parse(sent() ?? '')).toEqual({ name: 'Blocked', value: 'No' });
  });

  it('keeps showing a saved field GitHub no longer has', () => {
    render(<Harness project={saved({ name: 'Gone', value: 'Yes' })} board={loaded} />);
    expect(fieldSelect().selectedOptions[0]?.text).toBe('Gone (Yes)');
    expect(valueSelect().value).toBe('Yes');
    expect(JSON.parse(sent() ?? '')).toEqual({ name: 'Gone', value: 'Yes' });
  });

  it('waits for the fields while they load', () => {
    render(<Harness project={webAppProject(null)} board={{ status: 'loading' }} />);
    expect(fieldSelect().disabled).toBe(true);
    expect(optionTexts(fieldSelect())).toEqual(['Loading fields…']);
  });

  it('asks for the name and value typed when GitHub cannot list the fields, saying so, with a retry', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<Harness project={webAppProject(null)} board={{ status: 'failed', retry }} />);
    expect(screen.getByRole('alert').textContent).toContain(
      "The board's fields could not be read from GitHub",
    );
    const name = screen.getByRole('textbox', { name: 'Blocked field (optional)' });
    await user.type(name, 'Blocked');
    expect(sent()).toBe('cannot save');
    await user.type(screen.getByRole('textbox', { name: 'Value that marks it blocked' }), 'Yes');
    expect(JSON.parse(sent() ?? '')).toEqual({ name: 'Blocked', value: 'Yes' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
