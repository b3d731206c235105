import { describe, expect, it } from 'vitest';
import {
  blockedFieldGainsId,
  blockedFieldGone,
  blockedFieldKey,
  blockedFieldOfBoard,
  recordedBlockedValue,
  renamedBlockedField,
} from './blocked-field.ts';
import { samePolicies } from './flow-policies.ts';
import type { GithubSingleSelectField } from '../github/types.ts';

/** The blocked field known by GitHub's ids (docs/metrics.md, "Blocked time"): pure rules. */
const option = (id: string, name: string) => ({ id, name, color: 'GRAY' });
const field: GithubSingleSelectField = {
  id: 'F1',
  name: 'Blocked',
  options: [option('o-yes', 'Yes'), option('o-no', 'No')],
};
const fields = [field];
const saved = { name: 'Blocked', value: 'Yes', field_id: 'F1', option_id: 'o-yes' };

describe('the blocked field by id', () => {
  it("is saved with the field's and the option's ids, named as GitHub spells them", () => {
    expect(blockedFieldOfBoard(fields, { name: 'blocked', value: 'yes' })).toEqual(saved);
  });

  it('takes the new name of a field renamed on GitHub, its value as saved; nothing when unchanged or gone', () => {
    const renamed = [{ ...field, name: 'Impeded?', options: [option('o-yes', 'Sí')] }];
    expect(renamedBlockedField(renamed, saved)).toEqual({ ...saved, name: 'Impeded?' });
    expect(renamedBlockedField(fields, saved)).toBeNull();
    expect(renamedBlockedField([], saved)).toBeNull();
    expect(renamedBlockedField(renamed, { name: 'Blocked', value: 'Yes' })).toBeNull();
  });

  it('knows a field gone from GitHub by its id; one saved without an id is never gone', () => {
    expect(blockedFieldGone(fields, saved)).toBe(false);
    expect(blockedFieldGone([], saved)).toBe(true);
    expect(blockedFieldGone([], { name: 'Blocked', value: 'Yes' })).toBe(false);
  });

  it('files values under the field id, or the name when saved without one', () => {
    expect(blockedFieldKey(saved)).toBe('F1');
    expect(blockedFieldKey({ name: 'Blocked', value: 'Yes' })).toBe('Blocked');
  });

  it('refiles the history only of a field saved by name that gains its id', () => {
    const byName = { name: 'Blocked', value: 'Yes' };
    expect(blockedFieldGainsId(byName, saved)).toBe(true);
    expect(blockedFieldGainsId(saved, saved)).toBe(false);
    expect(blockedFieldGainsId(byName, { ...saved, name: 'Other', field_id: 'F2' })).toBe(false);
    expect(blockedFieldGainsId(undefined, saved)).toBe(false);
  });

  it('records the saved option by its id in its saved spelling, any other option by its name', () => {
    expect(recordedBlockedValue(saved, { id: 'o-yes', name: 'Sí' })).toBe('Yes');
    expect(recordedBlockedValue(saved, { id: 'o-no', name: 'No' })).toBe('No');
    expect(recordedBlockedValue(saved, null)).toBeNull();
  });

  it('compares policies by the field name and value: a request repeating them without ids changes nothing', () => {
    const base = { sle: null, wip_limits: {}, blocked_label: 'blocked' };
    const { field_id: _f, option_id: _o, ...named } = saved;
    expect(samePolicies({ ...base, blocked_field: saved }, { ...base, blocked_field: named })).toBe(true);
    expect(
      samePolicies({ ...base, blocked_field: saved }, { ...base, blocked_field: { ...named, value: 'No' } }),
    ).toBe(false);
  });
});
