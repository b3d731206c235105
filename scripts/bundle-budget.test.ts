import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudget, FIRST_LOAD_BUDGET_KB, htmlScripts, measureFirstLoad } from './bundle-budget.ts';

const script = fileURLToPath(new URL('./bundle-budget.ts', import.meta.url));
const dirs: string[] = [];

/** A built app in a temporary folder: random bytes (gzip cannot shrink them) of the given sizes. */
function fakeDist(sizes: { entry: number; shared: number; page: number; preloadedByHand?: number }): string {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  const write = (file: string, size: number) => writeFileSync(join(dist, file), randomBytes(size));
  write('assets/index.js', sizes.entry);
  write('assets/shared.js', sizes.shared);
  write('assets/home.js', sizes.page);
  writeFileSync(join(dist, 'assets/index.css'), 'body { margin: 0 }');
  let extra = '';
  if (sizes.preloadedByHand) {
    write('assets/extra.js', sizes.preloadedByHand);
    extra = '<link rel="modulepreload" href="/assets/extra.js">';
  }
  writeFileSync(
    join(dist, 'index.html'),
    `<script type="module" crossorigin src="/assets/index.js"></script>
     <link rel="modulepreload" crossorigin href="/assets/shared.js">${extra}
     <link rel="stylesheet" href="/assets/index.css">`,
  );
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/pages/Home/HomePage.tsx'],
      css: ['assets/index.css'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/pages/Home/HomePage.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_shared.js'] },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const runCheck = (dist: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, dist], { encoding: 'utf8' });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the web first-load budget', () => {
  it('counts the entry and its static imports, not what a page loads later', () => {
    const measured = measureFirstLoad(fakeDist({ entry: 50_000, shared: 20_000, page: 90_000 }), {
      page: 'src/pages/Home/HomePage.tsx',
    });
    expect(measured.files.map((f) => f.file)).toEqual(['assets/index.js', 'assets/shared.js']);
    expect(measured.gzip).toBeGreaterThan(70_000);
    expect(measured.gzip).toBeLessThan(71_000);
    expect(measured.page?.files).toBe(1);
    expect(measured.page?.gzip).toBeGreaterThan(90_000);
    expect(checkBudget(measured).ok).toBe(true);
  });

  it('counts a script index.html preloads beyond the manifest', () => {
    const measured = measureFirstLoad(
      fakeDist({ entry: 50_000, shared: 20_000, page: 1000, preloadedByHand: 60_000 }),
    );
    expect(measured.files.map((f) => f.file)).toContain('assets/extra.js');
    expect(checkBudget(measured).ok).toBe(false);
  });

  it('fails the command, naming the figure, when the first load is over the budget', () => {
    const over = runCheck(fakeDist({ entry: FIRST_LOAD_BUDGET_KB * 1000, shared: 5_000, page: 1000 }));
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/web first load: 12\d\.\d kB .*EXCEEDED/);
    const under = runCheck(fakeDist({ entry: 60_000, shared: 5_000, page: 1000 }));
    expect(under.status).toBe(0);
  });

  it('reads the scripts and preloads of index.html, not its stylesheets or other origins', () => {
    const html = `<script type="module" src="/assets/a.js"></script><link rel="modulepreload" href="/assets/b.js">
      <link rel="stylesheet" href="/assets/c.css"><script src="https://cdn.example/x.js"></script>`;
    expect(htmlScripts(html)).toEqual(['assets/a.js', 'assets/b.js']);
  });
});
