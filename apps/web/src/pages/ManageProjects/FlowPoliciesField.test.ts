import { describe, expect, it } from 'vitest';
import { initialPolicies, policiesRequest } from './FlowPoliciesField.tsx';
import type { Project } from '@fluxion/contract';

const project = (flow_policies?: Project['flow_policies']) =>
  ({ column_list: ['Todo', 'Doing', 'Review', 'Done'], flow_policies }) as Project;

describe('the flow policies of Edit project', () => {
  it('starts from the saved policies, one WIP field per column before done', () => {
    const choice = initialPolicies(
      project({ sle: { percent: 80, days: 6 }, wip_limits: { Review: 3 }, blocked_label: 'on hold' }),
    );
    expect(choice).toEqual({
      proposedSle: false,
      percent: '80',
      days: '6',
      wip: { Todo: '', Doing: '', Review: '3' },
      blockedLabel: 'on hold',
      blockedFieldId: '',
      blockedFieldName: '',
      blockedFieldValue: '',
      typeSles: {},
    });
    expect(policiesRequest(choice)).toEqual({
      sle: { percent: 80, days: 6 },
      wip_limits: { Review: 3 },
      blocked_label: 'on hold',
      blocked_field: null,
      type_sles: {},
    });
  });

  it('keeps the proposed SLE by default and sends sle null for it', () => {
    const choice = initialPolicies(project());
    expect(choice.proposedSle).toBe(true);
    expect(policiesRequest(choice)).toEqual({
      sle: null,
      wip_limits: {},
      blocked_label: 'blocked',
      blocked_field: null,
      type_sles: {},
    });
  });

  it('sends the blocked field with both its name and value, trimmed, and starts from the saved one', () => {
    const saved = project({
      sle: null,
      wip_limits: {},
      blocked_label: 'blocked',
      blocked_field: { name: 'Flag', value: 'Impeded' },
    });
    const choice = initialPolicies(saved);
    expect(choice).toMatchObject({ blockedFieldName: 'Flag', blockedFieldValue: 'Impeded' });
    expect(
      policiesRequest({ ...choice, blockedFieldName: ' Blocked ', blockedFieldValue: 'Yes ' }),
    ).toMatchObject({ blocked_field: { name: 'Blocked', value: 'Yes' } });
    // Both emptied: the field is no longer a blocked marker.
    expect(policiesRequest({ ...choice, blockedFieldName: '', blockedFieldValue: ' ' })).toMatchObject({
      blocked_field: null,
    });
  });

  it('cannot be saved with a bad SLE, a bad limit or an empty label', () => {
    const base = { ...initialPolicies(project()), proposedSle: false };
    expect(policiesRequest({ ...base, days: '0' })).toBeNull();
    expect(policiesRequest({ ...base, percent: '100' })).toBeNull();
    expect(policiesRequest({ ...base, wip: { Doing: '1.5' } })).toBeNull();
    expect(policiesRequest({ ...base, blockedLabel: '  ' })).toBeNull();
    expect(policiesRequest({ ...base, blockedFieldName: 'Flag' })).toBeNull();
    expect(policiesRequest({ ...base, blockedFieldValue: 'Yes' })).toBeNull();
    expect(policiesRequest({ ...base, proposedSle: true, days: '0' })).not.toBeNull();
  });
});
