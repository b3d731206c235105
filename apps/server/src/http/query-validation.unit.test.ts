import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRememberingCompiler } from './query-validation.ts';

const schema = z.object({
  project: z.string().min(1),
  days: z.coerce.number().int(),
  label: z.array(z.string()).optional(),
});
const compile = (httpPart: string) =>
  queryRememberingCompiler({ schema, httpPart, method: 'GET', url: '/q' } as never) as (data: unknown) => {
    value?: { project: string; days: number; label?: string[] };
    error?: unknown;
  };

describe('queryRememberingCompiler', () => {
  it('hands each request with a known querystring the value validated once, frozen all the way down', () => {
    const validate = compile('querystring');
    const first = validate({ project: 'P', days: '14', label: ['a'] });
    const again = validate({ project: 'P', days: '14', label: ['a'] });
    expect(first.value).toEqual({ project: 'P', days: 14, label: ['a'] });
    expect(again.value).toBe(first.value);
    expect(Object.isFrozen(first.value) && Object.isFrozen(first.value?.label)).toBe(true);
    const labels = first.value?.label ?? [];
    expect(() => labels.push('b')).toThrow(TypeError);
    expect(validate({ project: 'P', days: '30' }).value).toEqual({ project: 'P', days: 30 });
  });

  it('refuses an invalid query each time, and remembers nothing of it', () => {
    const validate = compile('querystring');
    expect(validate({ project: '', days: '14' }).error).toBeDefined();
    expect(validate({ project: '', days: '14' }).error).toBeDefined();
    expect(validate({ project: 'P', days: 'x' }).error).toBeDefined();
  });

  it('checks bodies and params each time (only querystrings repeat)', () => {
    const validate = compile('body');
    const first = validate({ project: 'P', days: 14 });
    expect(validate({ project: 'P', days: 14 }).value).not.toBe(first.value);
    expect(Object.isFrozen(first.value)).toBe(false);
  });

  it('keeps answering right past the number of querystrings it remembers', () => {
    const validate = compile('querystring');
    for (let days = 0; days < 1_200; days++) {
      expect(validate({ project: 'P', days: String(days) }).value?.days).toBe(days);
    }
  });
});
