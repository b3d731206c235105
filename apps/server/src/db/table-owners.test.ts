import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FOLDER_EDGES, folderDiagram } from '../testing/folder-edges.ts';

/**
 * Two rules of the server's layout (ARCHITECTURE.md, "One owner per table"), checked on the source text
 * alone (no database, no import): each table is written only from the folder that owns it, and no two
 * folders depend on each other. Test files, `testing/` and `db/migrations/` are exempt from both.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every table and the one folder of apps/server/src that writes it (insert, update, delete). */
export const TABLE_OWNERS: Record<string, string> = {
  /** Iterations and estimates (migration 027). */
  board_iteration_fields: 'iterations',
  item_iteration_changes: 'iterations',
  boards: 'boards',
  transitions: 'move-log',
  transition_segments: 'move-log',
  items: 'move-log',
  item_snapshots: 'move-log',
  board_snapshots: 'move-log',
  board_snapshot_items: 'move-log',
  tracked_projects: 'tracked-boards',
  users: 'users',
  auth_sessions: 'auth',
  refresh_tokens: 'auth',
  share_links: 'sharing',
  stripe_events: 'billing',
  /** Organization (team) plans and their managers (migration 025). */
  org_plans: 'billing',
  org_plan_managers: 'billing',
  rate_limit_hits: 'http',
  webhook_deliveries: 'webhooks',
  org_webhook_secrets: 'webhooks',
  email_confirmations: 'notifications',
  digest_baselines: 'notifications',
  /** The GitHub App's installations (migration 019), written by their own folder. */
  github_installations: 'installations',
  /** Label additions and removals (migration 028), recorded with the items' metadata. */
  label_changes: 'move-log',
  /** The blocked field's value history (migration 030), recorded with the items' metadata. */
  field_value_changes: 'move-log',
  dependency_changes: 'move-log',
  /** Digest and alert preferences, Slack channels and the send jobs (migration 024). */
  notification_preferences: 'notifications',
  notification_boards: 'notifications',
  notification_jobs: 'notifications',
  task_turns: 'leases',
};

type Source = { path: string; folder: string; text: string };

/** The production sources: `folder` is the first folder under src ('' for the files at its root). */
function productionSources(): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(SRC, path).split('\\').join('/');
      if (entry.isDirectory()) {
        if (rel !== 'testing' && rel !== 'db/migrations') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const folder = rel.includes('/') ? (rel.split('/')[0] as string) : '';
        out.push({ path: rel, folder, text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(SRC);
  return out;
}

type Write = { table: string; line: number; how: string };

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Query-builder writes, over line breaks and with aliases: `.updateTable(\n  'boards as b')`. */
const BUILDER =
  /\b(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(['"`])([A-Za-z_.]+)(?:\s+as\s+\w+)?\2/g;
/** Raw SQL: the text of each `sql` template and `sql.raw('…')` argument. */
const RAW_SQL = /\bsql(?:<[^>`]*>)?`((?:[^`\\]|\\.)*)`|\bsql\.raw\(\s*(['"`])((?:(?!\2)[^\\]|\\.)*)\2/g;
const RAW_WRITE =
  /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?["'`]?([A-Za-z_]+)/gi;

/** The tables a source writes, with where and how. */
export function writesIn(text: string): Write[] {
  const writes: Write[] = [];
  for (const m of text.matchAll(BUILDER)) {
    const table = (m[3] as string).split('.').at(-1) as string;
    writes.push({ table, line: lineAt(text, m.index), how: `${m[1]}('${m[3]}')` });
  }
  for (const m of text.matchAll(RAW_SQL)) {
    const body = m[1] ?? m[3] ?? '';
    for (const w of body.matchAll(RAW_WRITE)) {
      const table = (w[2] as string).toLowerCase();
      // `ON CONFLICT … DO UPDATE SET`, `FOR UPDATE`: not a table.
      if (!(table in TABLE_OWNERS)) continue;
      writes.push({ table, line: lineAt(text, m.index), how: `sql: ${w[0].replace(/\s+/g, ' ')}` });
    }
  }
  return writes;
}

/** Relative imports of a source (static, re-exports, dynamic), as paths relative to src. */
function importsOf(source: Source): string[] {
  const specs = [
    ...source.text.matchAll(/\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...source.text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...source.text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] as string);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(SRC, resolve(SRC, dirname(source.path), s))
        .split('\\')
        .join('/'),
    );
}

/** Folder → folder it imports from → the imports that make the edge ('file → target'). */
export function folderGraph(sources: Source[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const source of sources) {
    if (source.folder === '') continue; // the composition root (app.ts, server.ts…) may import anything
    for (const target of importsOf(source)) {
      if (target.startsWith('..') || !target.includes('/')) continue;
      const to = target.split('/')[0] as string;
      if (to === source.folder) continue;
      const edges = graph.get(source.folder) ?? new Map<string, string[]>();
      graph.set(source.folder, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${source.path} → ${target}`]);
    }
  }
  return graph;
}

/** Every cycle's folders (strongly connected components of more than one folder), each sorted. */
export function folderCycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('one owner per table', () => {
  const sources = productionSources();

  it('names an owner for every table of the schema', () => {
    const schema = readFileSync(join(SRC, 'db/schema.ts'), 'utf8');
    const database = /export type Database = \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const tables = [...database.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]);
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((table) => !Object.hasOwn(TABLE_OWNERS, table as string))).toEqual([]);
  });

  it('finds writes however they are spelled', () => {
    const text = [
      "await db.updateTable('boards').set({})",
      'await trx\n  .insertInto(\n    "items as i"\n  )',
      "db.deleteFrom('transition_segments as s')",
      'sql`UPDATE boards SET data_version = data_version + 1`',
      'sql<number>`delete from "share_links" where id = $' + '{id}`',
      "sql.raw('INSERT INTO users (id) VALUES (1)')",
      'sql`INSERT INTO x VALUES (1) ON CONFLICT DO UPDATE SET a = 1`', // not a table: x, set
      "db.selectFrom('boards')", // a read
    ].join('\n');
    expect(writesIn(text).map((w) => w.table)).toEqual([
      'boards',
      'items',
      'transition_segments',
      'boards',
      'share_links',
      'users',
    ]);
  });

  it('writes each table only from its owner folder', () => {
    const strays = sources.flatMap((source) =>
      writesIn(source.text)
        .filter((w) => TABLE_OWNERS[w.table] !== source.folder)
        .map(
          (w) =>
            `${source.path}:${w.line} ${w.how} (owner of ${w.table}: ${TABLE_OWNERS[w.table] ?? 'none'}/)`,
        ),
    );
    expect(strays).toEqual([]);
  });

  it('keeps SQL out of routes: a routes file calls its folder’s queries', () => {
    const inRoutes = sources
      .filter((s) => /(^|[-/])routes\.ts$/.test(s.path))
      .filter((s) => /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(<[^>`]*>)?`/.test(s.text))
      .map((s) => s.path);
    expect(inRoutes).toEqual([]);
  });
});

/** Writes of a board's data_version, however spelled (a read or a type names it otherwise). */
const DATA_VERSION_WRITE =
  /['"]data_version['"]\s*,\s*['"][+-]['"]|\bdata_version"?\s*=\s*"?data_version\b|\bdata_version:\s*(?:eb\b|sql\b|next|\d)/g;

export function dataVersionWrites(text: string): number[] {
  return [...text.matchAll(DATA_VERSION_WRITE)].map((m) => lineAt(text, m.index));
}

describe('one unit of work per board change', () => {
  it('finds data_version writes however they are spelled', () => {
    const text = [
      ".set((eb) => ({ data_version: eb('data_version', '+', 1) }))",
      'sql`UPDATE boards SET data_version = data_version + 1`',
      'data_version: nextDataVersion(eb),',
      "db.selectFrom('boards').select('data_version')", // a read
      'board: { data_version: number; synced_data_version: number | null }', // a type
      'synced_data_version: sql<number>`data_version`,', // another column
    ].join('\n');
    expect(dataVersionWrites(text)).toEqual([1, 1, 2, 3]);
  });

  it('moves data_version only in boards/changes.ts (recordChanges), never beside another write', () => {
    const strays = productionSources()
      .filter((s) => s.path !== 'boards/changes.ts')
      .flatMap((s) => dataVersionWrites(s.text).map((line) => `${s.path}:${line}`));
    expect(strays).toEqual([]);
  });
});

/** The private title, or the words a hidden item is shown with, in code (biome quotes strings with '). */
const PRIVATE_TITLE_USE = /\bPRIVATE_ITEM_TITLE\b|['`]Private item['`]/g;

export function privateTitleUses(text: string): number[] {
  return [...text.matchAll(PRIVATE_TITLE_USE)].map((m) => lineAt(text, m.index));
}

describe('one visibility rule', () => {
  it('finds the private title however it is spelled', () => {
    const text = [
      'if (item.title === PRIVATE_ITEM_TITLE) hidden.add(item.id);',
      "const hidden = items.filter((i) => i.title === 'Private item');",
      'const PRIVATE_ITEM_TITLE_LENGTH = 12;', // another name
      'hidden.has(item.id)',
    ].join('\n');
    expect(privateTitleUses(text)).toEqual([1, 2]);
  });

  it('says an item is hidden only in visibility/: elsewhere the redaction’s hidden ids decide, not a title', () => {
    const strays = productionSources()
      .filter((s) => s.folder !== 'visibility')
      .flatMap((s) => privateTitleUses(s.text).map((line) => `${s.path}:${line}`));
    expect(strays).toEqual([]);
  });
});

describe('folder dependencies', () => {
  const graph = folderGraph(productionSources());

  it('finds the cycles of a graph', () => {
    const edges = (pairs: [string, string][]) => {
      const g = new Map<string, Map<string, string[]>>();
      for (const [a, b] of pairs) g.set(a, (g.get(a) ?? new Map()).set(b, []));
      return g;
    };
    expect(
      folderCycles(
        edges([
          ['a', 'b'],
          ['b', 'c'],
        ]),
      ),
    ).toEqual([]);
    expect(
      folderCycles(
        edges([
          ['a', 'b'],
          ['b', 'a'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      folderCycles(
        edges([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('go one way: no two folders of apps/server/src import each other, directly or around a loop', () => {
    const cycles = folderCycles(graph).map((folders) => {
      const inside = new Set(folders);
      const imports = folders.flatMap((from) =>
        [...(graph.get(from) ?? [])].filter(([to]) => inside.has(to)).flatMap(([, why]) => why),
      );
      return { folders: folders.join(' ↔ '), imports };
    });
    expect(cycles).toEqual([]);
  });

  it('import only along the allowed folder edges (testing/folder-edges.ts), each of them used', () => {
    const outside = [...graph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => !FOLDER_EDGES[from]?.includes(to))
        .map(([to, why]) => ({ edge: `${from} → ${to}`, imports: why })),
    );
    // Intended? Add the edge to FOLDER_EDGES, then `npx tsx scripts/architecture-diagram.ts --write`.
    expect(outside).toEqual([]);
    const unused = Object.entries(FOLDER_EDGES).flatMap(([from, tos]) =>
      tos.filter((to) => !graph.get(from)?.has(to)).map((to) => `${from} → ${to}`),
    );
    expect(unused).toEqual([]);
  });

  it('are drawn in ARCHITECTURE.md from that list', () => {
    const architecture = readFileSync(join(SRC, '../../../ARCHITECTURE.md'), 'utf8');
    expect(architecture).toContain(folderDiagram());
  });
});
