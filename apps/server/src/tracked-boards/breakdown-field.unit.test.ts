import { describe, expect, it } from 'vitest';
import { breakdownFieldNow, breakdownFieldOfBoard, storedBreakdownField } from './breakdown-field.ts';

const option = (name: string) => ({ id: `o-${name}`, name, color: 'GRAY' });
const FIELDS = [
  { id: 'F_status', name: 'Status', options: [option('Todo'), option('Done')] },
  { id: 'F_priority', name: 'Priority', options: [option('High'), option('Low')] },
];
const PRIORITY = { id: 'F_priority', name: 'Priority' };

describe('the breakdown field, as stored and as GitHub has it', () => {
  it('is one of the board single-select fields, never its workflow field: a 400 naming breakdown_field_id', () => {
    expect(breakdownFieldOfBoard(FIELDS, 'F_priority', 'F_status')).toEqual(PRIORITY);
    expect(() => breakdownFieldOfBoard(FIELDS, 'F_status', 'F_status')).toThrow(/workflow field/);
    expect(() => breakdownFieldOfBoard(FIELDS, 'F_gone', 'F_status')).toThrow(/"Status", "Priority"/);
  });

  it('follows a rename by its id, and is marked gone once deleted', () => {
    const renamed = [FIELDS[0], { ...FIELDS[1], name: 'Urgency' }] as typeof FIELDS;
    expect(breakdownFieldNow(renamed, PRIORITY)).toEqual({ id: 'F_priority', name: 'Urgency' });
    expect(breakdownFieldNow(FIELDS, PRIORITY)).toBe(PRIORITY);
    expect(breakdownFieldNow([FIELDS[0]] as typeof FIELDS, PRIORITY)).toEqual({ ...PRIORITY, gone: true });
  });

  it('reads a stored value only when it is one (zod): anything else is issue type', () => {
    expect(storedBreakdownField(JSON.stringify(PRIORITY))).toEqual(PRIORITY);
    for (const bad of ['{', '{"id": ""}', '"Priority"', 'null']) expect(storedBreakdownField(bad)).toBeNull();
    expect(storedBreakdownField(null)).toBeNull();
  });
});
