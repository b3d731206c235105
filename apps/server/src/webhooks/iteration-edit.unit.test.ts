import { describe, expect, it } from 'vitest';
import { iterationEditChange } from '../iterations/iteration-diff.ts';
import { interpretIterationEdit, projectsV2ItemEventSchema } from './github-event.ts';

const FIELDS = { iteration: 'PVTIF_sprint', estimate: 'PVTF_points' };
const AT = '2026-11-01T09:05:00Z';

/** A `projects_v2_item` edited payload as GitHub sends it for a field other than a single select. */
function edited(fieldId: string, fieldType: string, to?: unknown) {
  return {
    action: 'edited',
    projects_v2_item: { node_id: 'PVTI_a', project_node_id: 'PVT_1', updated_at: AT },
    changes: {
      field_value: {
        field_node_id: fieldId,
        field_type: fieldType,
        ...(to === undefined ? {} : { from: null, to }),
      },
    },
  };
}

describe('an edit of an Iteration or Number field, from its webhook', () => {
  const at = Date.parse(AT);

  it('is the new iteration by its id, or the new estimate, at the item updated_at', () => {
    const sprint = { id: 'c0ffee01', title: 'Sprint 3', duration: 7, start_date: '2026-10-31' };
    expect(interpretIterationEdit(edited(FIELDS.iteration, 'iteration', sprint), FIELDS)).toEqual({
      kind: 'edit',
      edit: { itemId: 'PVTI_a', at, part: 'iteration', value: 'c0ffee01' },
    });
    expect(interpretIterationEdit(edited(FIELDS.estimate, 'number', 2.5), FIELDS)).toEqual({
      kind: 'edit',
      edit: { itemId: 'PVTI_a', at, part: 'estimate', value: 2.5 },
    });
    // GitHub's schema types a Number value as an integer or a string: "2.5" is 2.5.
    expect(interpretIterationEdit(edited(FIELDS.estimate, 'number', '2.5'), FIELDS)).toMatchObject({
      edit: { part: 'estimate', value: 2.5 },
    });
    expect(interpretIterationEdit(edited(FIELDS.estimate, 'number', null), FIELDS)).toMatchObject({
      edit: { part: 'estimate', value: null },
    });
  });

  it('asks for a sync when the payload does not carry the new value, and is nothing for other fields', () => {
    expect(interpretIterationEdit(edited(FIELDS.iteration, 'iteration'), FIELDS)).toEqual({ kind: 'resync' });
    expect(interpretIterationEdit(edited(FIELDS.estimate, 'number', 'three'), FIELDS)).toEqual({
      kind: 'resync',
    });
    expect(interpretIterationEdit(edited('PVTF_hours', 'number', 4), FIELDS)).toBeNull();
    expect(
      interpretIterationEdit({ ...edited(FIELDS.estimate, 'number', 4), action: 'created' }, FIELDS),
    ).toBeNull();
  });

  it('does not refuse the delivery whole: a number or an iteration is not a single-select option', () => {
    const parsed = projectsV2ItemEventSchema.safeParse(edited(FIELDS.estimate, 'number', 4));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.changes?.field_value?.to).toBeNull();
  });

  it("changes the item's iteration and estimate in force then, keeping its other part, and only when it differs", () => {
    const history = [
      { itemId: 'PVTI_a', at: 1_000, iteration: 's3', estimate: 3 },
      { itemId: 'PVTI_a', at: 5_000, iteration: 's2', estimate: 3 },
    ];
    // A late delivery of an edit made between the two: the iteration then was s3.
    expect(iterationEditChange(history, { itemId: 'PVTI_a', at: 2_000, part: 'estimate', value: 5 })).toEqual(
      {
        itemId: 'PVTI_a',
        at: 2_000,
        iteration: 's3',
        estimate: 5,
      },
    );
    expect(
      iterationEditChange(history, { itemId: 'PVTI_a', at: 6_000, part: 'iteration', value: 's2' }),
    ).toBeNull();
    // Before the item's first recorded iteration and estimate: that first look already shows it.
    expect(
      iterationEditChange(history, { itemId: 'PVTI_a', at: 500, part: 'estimate', value: 8 }),
    ).toBeNull();
    expect(iterationEditChange([], { itemId: 'PVTI_a', at: 6_000, part: 'estimate', value: 8 })).toBeNull();
  });
});
