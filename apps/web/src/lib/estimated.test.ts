import { describe, expect, it } from 'vitest';
import { estimatedFromParams, estimatedQuery, paramsWithEstimated } from './estimated.ts';

describe('the estimated option in the address', () => {
  it('reads include unless the address says leave_out', () => {
    expect(estimatedFromParams(new URLSearchParams(''))).toBe('include');
    expect(estimatedFromParams(new URLSearchParams('estimated=leave_out'))).toBe('leave_out');
    expect(estimatedFromParams(new URLSearchParams('estimated=nonsense'))).toBe('include');
  });

  it('writes leave_out, drops the default and keeps the other parameters', () => {
    const out = paramsWithEstimated(new URLSearchParams('project=P&label=bug'), 'leave_out');
    expect(out.toString()).toBe('project=P&label=bug&estimated=leave_out');
    expect(paramsWithEstimated(out, 'include').toString()).toBe('project=P&label=bug');
  });

  it('asks the API for leave_out only', () => {
    expect(estimatedQuery('include')).toEqual({});
    expect(estimatedQuery('leave_out')).toEqual({ estimated: 'leave_out' });
  });
});
