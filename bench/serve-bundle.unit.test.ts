import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeFlags, startVariables } from './serve-bundle.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function revisionWith(scripts: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'start-variables-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts }));
  return dir;
}

describe('the variables npm start sets, as the bench starts the measured server', () => {
  it('reads the assignments before node', () => {
    const root = revisionWith({ start: 'A=1 B_2=x=y node scripts/start.mjs C=3' });
    expect(startVariables(root)).toEqual({ A: '1', B_2: 'x=y' });
  });

  it('reads none from a revision that sets none', () => {
    expect(startVariables(revisionWith({ start: 'node scripts/start.mjs' }))).toEqual({});
    expect(startVariables(revisionWith({}))).toEqual({});
  });

  it("reads node's flags before the script", () => {
    const root = revisionWith({ start: 'A=1 node --x --y=2 scripts/start.mjs --z' });
    expect(startNodeFlags(root)).toEqual(['--x', '--y=2']);
    expect(startNodeFlags(revisionWith({ start: 'A=1 node scripts/start.mjs' }))).toEqual([]);
    expect(startNodeFlags(revisionWith({}))).toEqual([]);
  });

  it("is this checkout's: the server and the worker ask glibc for huge pages alike, the server alone sets V8's pretenuring, young generation and feedback", () => {
    const root = join(import.meta.dirname, '..');
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(startVariables(root)).toEqual({
      GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=2097152',
    });
    expect(startNodeFlags(root)).toEqual([
      '--no-allocation-site-pretenuring',
      '--min-semi-space-size=16',
      '--no-lazy-feedback-allocation',
    ]);
    expect(scripts.worker).toBe(
      scripts.start
        ?.replace(
          ' --no-allocation-site-pretenuring --min-semi-space-size=16 --no-lazy-feedback-allocation',
          '',
        )
        .replace('start.mjs', 'start.mjs worker'),
    );
  });
});
