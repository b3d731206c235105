// `npx tsx scripts/bundle-budget.ts [distDir]`: the web app's first load, checked against its budget
// (docs/performance.md, "First load of the web app"). Run by `npm run test:e2e` after the build.
//
// The first load is the JavaScript a browser fetches before the app can draw anything: the entry chunk
// and every chunk it imports statically, followed transitively, read from Vite's manifest
// (`build.manifest` in apps/web/vite.config.ts), and whatever else index.html loads or modulepreloads
// (Vite preloads exactly those chunks; a script added by hand would count too). Each file is
// gzipped with node:zlib at its default level; sizes are in kB of 1,000 bytes, as Vite prints them.
// Chunks behind a dynamic import (the pages, the TopNav's menu) load after the first render and are
// not counted; the first page's total is printed alongside for reference.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzipped JavaScript of the first load, at most (kB of 1,000 bytes). */
export const FIRST_LOAD_BUDGET_KB = 120;

const DEFAULT_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type FirstLoad = {
  files: { file: string; gzip: number }[];
  /** Gzipped bytes of the first load's JavaScript. */
  gzip: number;
  cssGzip: number;
  /** What opening `page` adds to the first load, when asked. */
  page: { name: string; gzip: number; files: number } | null;
};

const gzipped = (distDir: string, file: string) => gzipSync(readFileSync(join(distDir, file))).length;

/** Files reached from `keys` through static imports, each once, in the manifest's order of discovery. */
function staticClosure(manifest: Manifest, keys: string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest names ${key} as an import but has no entry for it`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key] as ManifestChunk);
}

/** The JavaScript files index.html loads or modulepreloads, as paths inside dist. */
export function htmlScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isScript = tag.startsWith('<script') && /\bsrc="/.test(tag);
    const isPreload = /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isScript || isPreload) && url && !/^[a-z]+:|^\/\//i.test(url) ? [url.replace(/^\//, '')] : [];
  });
}

/**
 * The first load of a built app: its JavaScript files with their gzipped sizes and the total, its CSS,
 * and, for reference, what opening `page` (a dynamic import of the entry, e.g. 'src/pages/Home/HomePage.tsx')
 * adds.
 */
export function measureFirstLoad(distDir = DEFAULT_DIST, options: { page?: string } = {}): FirstLoad {
  const manifest: Manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error(`no entry chunk in ${distDir}/.vite/manifest.json`);
  const chunks = staticClosure(manifest, entries);
  const html = htmlScripts(readFileSync(join(distDir, 'index.html'), 'utf8'));
  const names = [...new Set([...chunks.map((chunk) => chunk.file), ...html])];
  const files = names.map((file) => ({ file, gzip: gzipped(distDir, file) }));
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  const result: FirstLoad = {
    files,
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: css.reduce((sum, file) => sum + gzipped(distDir, file), 0),
    page: null,
  };
  if (options.page && manifest[options.page]) {
    const loaded = new Set(names);
    const added = staticClosure(manifest, [options.page]).filter((chunk) => !loaded.has(chunk.file));
    result.page = {
      name: options.page,
      gzip: added.reduce((sum, chunk) => sum + gzipped(distDir, chunk.file), 0),
      files: added.length,
    };
  }
  return result;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** The report's lines, and whether the budget holds. */
export function checkBudget(
  measured: FirstLoad,
  budgetKb = FIRST_LOAD_BUDGET_KB,
): { ok: boolean; lines: string[] } {
  const ok = measured.gzip <= budgetKb * 1000;
  const lines = [
    `web first load: ${kb(measured.gzip)} kB of gzipped JavaScript in ${measured.files.length} files ` +
      `(budget ${budgetKb} kB${ok ? '' : ', EXCEEDED'}), ${kb(measured.cssGzip)} kB of gzipped CSS`,
    ...measured.files.map((f) => `  ${kb(f.gzip).padStart(7)} kB  ${f.file}`),
  ];
  if (measured.page) {
    lines.push(
      `  then ${measured.page.name}: +${kb(measured.page.gzip)} kB in ${measured.page.files} files ` +
        `(${kb(measured.gzip + measured.page.gzip)} kB with the first load)`,
    );
  }
  return { ok, lines };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.argv[2] ?? DEFAULT_DIST);
  const { ok, lines } = checkBudget(measureFirstLoad(distDir, { page: 'src/pages/Home/HomePage.tsx' }));
  for (const line of lines) console.log(line);
  if (!ok) {
    console.error(
      `The web app's first load is over its budget of ${FIRST_LOAD_BUDGET_KB} kB: keep what the first ` +
        'page does not need behind a dynamic import (docs/performance.md, "First load of the web app").',
    );
    process.exitCode = 1;
  }
}
