import type { Project } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FlowPoliciesField, initialPolicies, policiesRequest } from './FlowPoliciesField.tsx';
import { webAppProject } from './project.fixture.ts';

/** The policies as the Edit dialog holds them, showing the type SLEs Save would send. */
function Harness({ project, types }: { project: Project; types: string[] }) {
  const [choice, setChoice] = useState(() => initialPolicies(project, types));
  const request = policiesRequest(choice);
  return (
    <>
      <FlowPoliciesField
        choice={choice}
        onChange={setChoice}
        boardFields={{ status: 'loaded', fields: [] }}
        workflowFieldId="F_status"
      />
      <output>{request ? JSON.stringify(request.type_sles) : 'cannot save'}</output>
    </>
  );
}
const sent = () => screen.getByRole('status').textContent;
const withTypeSles = (type_sles: Record<string, { percent: number; days: number }>) => ({
  ...webAppProject(null),
  flow_policies: { sle: null, wip_limits: {}, blocked_label: 'blocked', type_sles },
});

describe('the per-type SLEs of Edit project', () => {
  afterEach(cleanup);

  it("offers each of the board's types, sends only those given days, and refuses a bad row", async () => {
    const user = userEvent.setup();
    render(<Harness project={webAppProject(null)} types={['Bug', 'Feature']} />);
    expect(sent()).toBe('{}');
    await user.type(screen.getByLabelText('Bug: within (days)'), '5');
    expect(JSON.parse(sent() ?? '')).toEqual({ Bug: { percent: 85, days: 5 } });
    const percent = screen.getByLabelText('Bug: share of items (%)');
    await user.clear(percent);
    await user.type(percent, '40');
    expect(sent()).toBe('cannot save');
    await user.clear(percent);
    await user.type(percent, '90');
    expect(JSON.parse(sent() ?? '')).toEqual({ Bug: { percent: 90, days: 5 } });
  });

  it('shows the saved ones, also of a type the board no longer has, and takes one away when emptied', async () => {
    const user = userEvent.setup();
    const project = withTypeSles({ Bug: { percent: 85, days: 4 }, Epic: { percent: 70, days: 60 } });
    render(<Harness project={project} types={['Bug', 'Task']} />);
    expect((screen.getByLabelText('Epic: within (days)') as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Task: within (days)') as HTMLInputElement).value).toBe('');
    await user.clear(screen.getByLabelText('Epic: within (days)'));
    expect(JSON.parse(sent() ?? '')).toEqual({ Bug: { percent: 85, days: 4 } });
  });

  it('says so on a board without types', () => {
    render(<Harness project={webAppProject(null)} types={[]} />);
    expect(screen.getByText('Per-type SLEs: the board has no issue types yet.')).toBeTruthy();
    expect(sent()).toBe('{}');
  });
});
