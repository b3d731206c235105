import { describe, expect, it } from 'vitest';
import { filterValueOf, itemFilterQuerySchema, NO_VALUE, nameOfFilterValue } from './filters.ts';

describe('the reserved filter value for items without one', () => {
  it('reads ~none as no value and never takes a real name for it', () => {
    expect(nameOfFilterValue(NO_VALUE)).toBeNull();
    expect(filterValueOf(null)).toBe('~none');
    // An option really named "~none" travels as "~~none" and comes back as itself.
    for (const name of ['~none', '~ops', 'High', 'none', '(none)'])
      expect(nameOfFilterValue(filterValueOf(name))).toBe(name);
    expect(filterValueOf('~none')).toBe('~~none');
  });

  it('refuses any other value starting with ~, naming the parameter', () => {
    const ok = itemFilterQuerySchema.safeParse({
      issue_type: ['~none', '~~ops', 'Bug'],
      field_value: '~none',
    });
    expect(ok.success && ok.data.field_value).toEqual(['~none']);
    const bad = itemFilterQuerySchema.safeParse({ field_value: ['High', '~None'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^field_value: a value starting with ~ is reserved/);
  });
});
