import { describe, expect, it } from 'vitest';
import { interpretItemEvent } from './github-event.ts';

const PRIORITY = { id: 'F_priority', name: 'Priority' };

describe('an edit of the breakdown field (docs/metrics.md, "Breakdown by a board field")', () => {
  it('an edit of a field that is both the blocked and the breakdown field is recorded for each', () => {
    const effect = interpretItemEvent(
      {
        action: 'edited',
        projects_v2_item: { node_id: 'I1', project_node_id: 'P1', updated_at: '2026-11-20T10:00:00Z' },
        changes: {
          field_value: {
            field_type: 'single_select',
            field_node_id: 'F_priority',
            field_name: 'Priority',
            to: { id: 'o-High', name: 'High' },
          },
        },
      } as Parameters<typeof interpretItemEvent>[0],
      ['Todo', 'Done'],
      Date.parse('2026-11-20T10:00:01Z'),
      {
        field: { id: 'F_status', name: 'Status' },
        optionNames: new Map(),
        blockedField: { name: 'Priority', value: 'High', field_id: 'F_priority', option_id: 'o-High' },
        breakdownField: PRIORITY,
      },
    );
    expect(effect).toEqual({
      kind: 'field',
      itemId: 'I1',
      at: Date.parse('2026-11-20T10:00:00Z'),
      values: [
        { field: 'F_priority', value: 'High', what: 'blocked' },
        { field: 'breakdown:F_priority', value: 'High', what: 'breakdown' },
      ],
    });
  });
});
