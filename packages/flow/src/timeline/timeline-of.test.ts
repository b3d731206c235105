import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('timelineOf', () => {
  it('gives every timeline one hidden class, whoever builds it and for any board (V8 asked)', () => {
    const check = fileURLToPath(new URL('./timeline-of.check.ts', import.meta.url));
    const out = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', check], {
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual({ built: 8, differing: [] });
  });
});
