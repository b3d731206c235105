import type { BoardItem } from '@fluxion/flow';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { COPY_PART_BYTES, copyTextInParts } from '../db/copy-out.ts';
import {
  codesInRange,
  fitsNumbers,
  type ItemCodes,
  itemCodes,
  LITTLE_ENDIAN,
  NO_NUMBER,
  readItemCodes,
} from './item-bytes.ts';

/**
 * A snapshot's text: JSON, the items as columns (one list a field, an item's values at its position).
 * Written today (`Typed`): their numbers and codes as one binary part in base64 (`ItemCodes`,
 * item-bytes.ts: no JSON number to parse nor to check), their strings as JSON lists, the titles and
 * URLs last:
 *
 *   {"format":"typed","bytes":"<base64>","id":[…],"columns":[…],"milestones":[…],
 *    "sets":[[label or login…]…],"relations":[{…} or null…]?,"runs":[[start,url]…]?,"title":[…],"url":[…]}
 *
 * (`columns`, `milestones`: each distinct name once, the items' codes into them; labels and assignees
 * are codes into `sets`, so that items with the same labels share one list). Read into a few long
 * lists rather than a list an item (100,000 short-lived arrays on a big board: CPU and a heap peak for
 * every cold load), the titles and URLs apart when first needed (`SnapshotItems`). The issue's relations
 * (its node id, type, parent, sub-issue counts, blockers) are there only when some item has them.
 * `runs`: the URLs' runs (`UrlRun`), when there are few.
 *
 * With those runs stored, the titles and URLs are written apart (`encodeItemParts`), in the row's `texts`
 * column (migration 047) as `{"key":…,"title":[…],"url":[…]}`, and the text ends `,"texts":"<key>"}`
 * instead: a viewer who may read none of the items' repositories is shown them from the text alone, and
 * the texts are read only for the others (`SnapshotItems.readTexts`).
 *
 * Snapshots written before still read: `Columns` (every field a JSON list; written today too when a
 * number does not fit an int32 code, or on a big-endian machine), and `Packed` rows (below).
 */
type Columns = {
  format: 'columns';
  id: string[];
  number: (number | null)[];
  title: string[];
  url: (string | null)[];
  milestone: (string | null)[];
  column: (string | null)[];
  entered: (number | null)[];
  sets: string[][];
  labels: number[];
  assignees?: number[];
  relations?: (Relations | null)[];
  runs?: [number, string | null][];
};

/** The JSON of a `Typed` snapshot but its binary part and its titles and URLs. */
type Typed = {
  id: string[];
  columns: string[];
  milestones: string[];
  sets: string[][];
  relations?: (Relations | null)[];
  runs?: [number, string | null][];
};

type Relations = Pick<BoardItem, 'contentId' | 'issueType' | 'parent' | 'subIssues' | 'blockedBy'>;

const RELATION_KEYS = ['contentId', 'issueType', 'parent', 'subIssues', 'blockedBy'] as const;

function relationsOf(item: BoardItem): Relations | null {
  const relations: Record<string, unknown> = {};
  for (const key of RELATION_KEYS) if (item[key] !== undefined) relations[key] = item[key];
  return Object.keys(relations).length > 0 ? (relations as Relations) : null;
}

/** The snapshot's text with every field in it (texts within): what snapshots were before texts apart. */
export function encodeItems(items: readonly BoardItem[]): string {
  const typed = typedPartsIfFit(items);
  return typed ? inlineText(typed) : encodeColumns(items);
}

/** A snapshot as stored: its text, and the items' titles and URLs apart from it (null: within it). */
export type StoredItems = { items: string; texts: string | null };

/**
 * The snapshot as written today: the titles and URLs apart (`texts`, a column after the text's), tied to
 * the text by a random key both name, when the URLs' runs are stored with the text (a reader then knows
 * each item's repository without them); else every field in the text (`encodeItems`).
 */
export function encodeItemParts(items: readonly BoardItem[]): StoredItems {
  const typed = typedPartsIfFit(items);
  if (!typed?.head.runs) return { items: typed ? inlineText(typed) : encodeColumns(items), texts: null };
  const { head, title, url } = typed;
  const key = randomBytes(8).toString('hex');
  return { items: JSON.stringify({ ...head, texts: key }), texts: JSON.stringify({ key, title, url }) };
}

/** The `Typed` parts when every number fits an int32 code on a little-endian machine; else null (`Columns`). */
function typedPartsIfFit(items: readonly BoardItem[]) {
  return LITTLE_ENDIAN && fitsNumbers(items.map((i) => i.number)) ? typedParts(items) : null;
}

const inlineText = ({ head, title, url }: ReturnType<typeof typedParts>) =>
  JSON.stringify({ ...head, title, url });

/** Each distinct value's code, in order of first use (`values`). */
function coder<T>(key: (value: T) => string, keep: (value: T) => T = (value) => value) {
  const values: T[] = [];
  const codes = new Map<string, number>();
  const codeOf = (value: T) => {
    const k = key(value);
    let code = codes.get(k);
    if (code === undefined) {
      code = values.push(keep(value)) - 1;
      codes.set(k, code);
    }
    return code;
  };
  return { values, codeOf };
}

const nameCoder = () => coder<string>((name) => name);
const setCoder = () => coder<readonly string[]>(JSON.stringify, (set) => [...set]);

function typedParts(items: readonly BoardItem[]) {
  const n = items.length;
  const { codes, bytes } = itemCodes(
    n,
    items.some((i) => i.assignees),
  );
  const columns = nameCoder();
  const milestones = nameCoder();
  const sets = setCoder();
  for (let i = 0; i < n; i++) {
    const item = items[i] as BoardItem;
    codes.entered[i] = item.enteredColumnAt ?? Number.NaN;
    codes.number[i] = item.number ?? NO_NUMBER;
    codes.column[i] = item.column === null ? -1 : columns.codeOf(item.column);
    codes.milestone[i] = item.milestone === null ? -1 : milestones.codeOf(item.milestone);
    codes.labels[i] = sets.codeOf(item.labels);
    if (codes.assignees) codes.assignees[i] = item.assignees ? sets.codeOf(item.assignees) : -1;
  }
  const relations = items.map(relationsOf);
  const url = items.map((i) => i.url);
  const runs = runsOfUrls(url);
  const head = {
    format: 'typed',
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'),
    id: items.map((i) => i.id),
    columns: columns.values,
    milestones: milestones.values,
    sets: sets.values,
    ...(relations.some((r) => r !== null) ? { relations } : {}),
    ...(runs.length <= RUNS_KEPT ? { runs: runs.map(({ start, url }) => [start, url]) } : {}),
  };
  return { head, title: items.map((i) => i.title), url };
}

/** The snapshot's text as `Columns` (every field a JSON list). */
export function encodeColumns(items: readonly BoardItem[]): string {
  const sets = setCoder();
  const relations = items.map(relationsOf);
  const columns: Columns = {
    format: 'columns',
    id: items.map((i) => i.id),
    number: items.map((i) => i.number),
    title: items.map((i) => i.title),
    url: items.map((i) => i.url),
    milestone: items.map((i) => i.milestone),
    column: items.map((i) => i.column),
    entered: items.map((i) => i.enteredColumnAt),
    sets: sets.values as string[][],
    labels: items.map((i) => sets.codeOf(i.labels)),
  };
  if (items.some((i) => i.assignees))
    columns.assignees = items.map((i) => (i.assignees ? sets.codeOf(i.assignees) : -1));
  if (relations.some((r) => r !== null)) columns.relations = relations;
  const runs = runsOfUrls(columns.url);
  if (runs.length <= RUNS_KEPT) columns.runs = runs.map(({ start, url }) => [start, url]);
  return JSON.stringify(columns);
}

/** The items of a snapshot; throws on text that is not one. */
export function decodeItems(payload: string): BoardItem[] {
  if (payload.startsWith(TYPED_START)) return typedItems(payload).all();
  const parsed: unknown = JSON.parse(payload);
  if (Array.isArray(parsed)) return decodeRows(parsed);
  if (!isColumns(parsed)) throw new Error('item snapshot is not a list');
  return columnItems(parsed);
}

/**
 * A board's items: objects, or a snapshot's columns, made into objects when first read whole
 * (`SnapshotItems`).
 */
export type ItemList = BoardItem[] | SnapshotItems;

export const itemsOf = (list: ItemList): BoardItem[] => (Array.isArray(list) ? list : list.all());

/**
 * Where a snapshot whose titles and URLs are apart reads them: its row's `texts` (null when gone), and,
 * when that is gone or belongs to another snapshot (replaced since its text was read), the items' rows.
 */
export type TextsSource = {
  stored(): Promise<string | null>;
  fromRows(ids: readonly string[]): Promise<ItemTexts>;
};

/**
 * The titles and URLs of a snapshot's items, in its order. `changed`: read from rows, 1 for the items
 * changed since the snapshot's counter (their texts then are not the snapshot's: none is kept for them, and
 * a refresh reads those items again).
 */
export type ItemTexts = { title: string[]; url: (string | null)[]; changed?: Uint8Array };

/**
 * The items of a snapshot, their objects not made yet when it is columns (`SnapshotItems`); throws on
 * text that is not one. `texts`: where its titles and URLs are read when they are apart.
 */
export function readItems(payload: string, texts?: TextsSource): ItemList {
  if (payload.startsWith(TYPED_START)) return typedItems(payload, texts);
  return snapshotItems(payload) ?? decodeItems(payload);
}

const TYPED_START = '{"format":"typed","bytes":"';
/** How a `Typed` text whose titles and URLs are apart ends: the key its texts name too. */
const TEXTS_KEY = /,"texts":"([0-9a-f]{16})"\}$/;

/**
 * The items of a `Typed` snapshot, not made yet; throws on text that is not one. The JSON but the binary
 * part and the titles and URLs is parsed (their lists are last: a quote within a string is escaped, so
 * `,"title":[` is found only where the titles' list begins).
 */
function typedItems(payload: string, source?: TextsSource): SnapshotItems {
  const bytesEnd = payload.indexOf('"', TYPED_START.length);
  const apart = TEXTS_KEY.exec(payload.slice(-40));
  const title = apart ? -1 : payload.lastIndexOf(',"title":[');
  const url = title < 0 ? -1 : payload.indexOf('],"url":[', title);
  const headEnd = apart ? payload.length - (apart[0] as string).length : title;
  if (bytesEnd < 0 || (!apart && (url < 0 || !payload.endsWith(']}'))))
    throw new Error('item snapshot is not typed');
  const parsed: unknown = JSON.parse(`{${payload.slice(bytesEnd + 2, headEnd)}}`);
  if (!isTyped(parsed)) throw new Error('item snapshot is not typed');
  const n = parsed.id.length;
  const codes = readItemCodes(payload.slice(TYPED_START.length, bytesEnd), n);
  const { columns: names, milestones, sets } = parsed;
  if (!codesInRange(codes, names.length, milestones.length, sets.length))
    throw new Error('item snapshot codes out of range');
  const columns = new Array<string | null>(n);
  for (let i = 0; i < n; i++) columns[i] = names[codes.column[i] as number] ?? null;
  const make = (title: string[], url: (string | null)[]) => typedObjects(parsed, codes, columns, title, url);
  if (apart) {
    const runs = parsedRunsOf(parsed.runs, n);
    if (!runs || !source) throw new Error('item snapshot texts apart cannot be read');
    const texts = { key: apart[1] as string, source };
    return new SnapshotItems({ ids: parsed.id, columns, entered: codes.entered, runs, text: texts }, make);
  }
  const text = { title: payload.slice(title + 9, url + 1), url: payload.slice(url + 8, -1) };
  if (!isStringsText(text.title, n)) throw new Error('item snapshot titles are not a list');
  const runs = storedRuns(parsed.runs, text.url, n) ?? urlRuns(text.url, n) ?? parsedRuns(text.url, n);
  return new SnapshotItems({ ids: parsed.id, columns, entered: codes.entered, runs, text }, make);
}

/** The runs of a list of URLs read whole (one with escapes); throws when it is not one. */
function parsedRuns(text: string, n: number): UrlRun[] {
  const url: unknown = JSON.parse(text);
  if (!isNullables(url, n, 'string')) throw new Error('item snapshot URLs are not a list');
  return runsOfUrls(url as (string | null)[]);
}

function isTyped(value: unknown): value is Typed {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  const isNames = (names: unknown) => Array.isArray(names) && isStrings(names, names.length);
  const n = Array.isArray(t.id) ? t.id.length : -1;
  return (
    isStrings(t.id, n) &&
    isNames(t.columns) &&
    isNames(t.milestones) &&
    Array.isArray(t.sets) &&
    isList(t.sets, t.sets.length, isNames) &&
    (t.relations === undefined || isRelations(t.relations, n))
  );
}

function typedObjects(
  parsed: Typed,
  codes: ItemCodes,
  columns: readonly (string | null)[],
  title: readonly string[],
  url: readonly (string | null)[],
): BoardItem[] {
  const { id, milestones, relations } = parsed;
  const { entered, number, milestone, labels, assignees } = codes;
  const sets = parsed.sets.map((set) => (set.length === 0 ? NO_LABELS : set));
  const items = new Array<BoardItem>(id.length);
  for (let i = 0; i < items.length; i++) {
    const at = entered[i] as number;
    const n = number[i] as number;
    // One object an item, its fields in the order the rows' decoding gives them too.
    const item: BoardItem = {
      id: id[i] as string,
      number: n === NO_NUMBER ? null : n,
      title: title[i] as string,
      url: url[i] as string | null,
      milestone: milestones[milestone[i] as number] ?? null,
      labels: sets[labels[i] as number] as readonly string[],
      column: columns[i] as string | null,
      enteredColumnAt: Number.isNaN(at) ? null : at,
    };
    const assigned = assignees?.[i] ?? -1;
    if (assigned >= 0) item.assignees = sets[assigned] as readonly string[];
    const related = relations?.[i];
    items[i] = related ? Object.assign(item, related) : item;
  }
  return items;
}

/**
 * The snapshot's items not made yet, when its text is columns as `encodeColumns` writes them
 * (JSON.stringify's text: no control character within a string) and its URLs have no escape; else null.
 */
function snapshotItems(payload: string): SnapshotItems | null {
  const cut = textColumns(payload);
  if (!cut) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(cut.rest);
  } catch {
    return null;
  }
  if (!isColumns(parsed, true) || !isStringsText(cut.title, parsed.id.length)) return null;
  const n = parsed.id.length;
  const runs = storedRuns(parsed.runs, cut.url, n) ?? urlRuns(cut.url, n);
  if (!runs) return null;
  const columns = parsed.column.map(sharedStrings());
  const entered = new Float64Array(n);
  for (let i = 0; i < n; i++) entered[i] = parsed.entered[i] ?? Number.NaN;
  const text = { title: cut.title, url: cut.url };
  const make = (title: string[], url: (string | null)[]) =>
    columnItems({ ...(parsed as Columns), column: columns, title, url });
  return new SnapshotItems({ ids: parsed.id, columns, entered, runs, text }, make);
}

/** What a snapshot's items are read from before they are made: ids, columns, times, the URLs' runs. */
type ItemColumns = {
  ids: readonly string[];
  columns: readonly (string | null)[];
  entered: Float64Array;
  runs: readonly UrlRun[];
  /** The JSON text of the titles' and URLs' lists, or where they are read when apart (their key). */
  text: JsonTexts | ApartTexts;
};

type JsonTexts = { title: string; url: string };
type ApartTexts = { key: string; source: TextsSource };

/** The items made from the snapshot's columns and its titles and URLs, once read. */
type MakeItems = (title: string[], url: (string | null)[]) => BoardItem[];

/**
 * A snapshot's items as its columns: the objects (and the titles' and URLs' strings, half of the text)
 * are made when something first reads the items whole. A viewer who may read none of their
 * repositories is shown only their ids, columns and times (visibility/redact.ts), and the repositories
 * are read once per run of URLs (`byUrl`): such a viewer's first answer makes neither, and, when the
 * titles and URLs are apart, reads neither from the database (`readTexts` does, for the others).
 */
export class SnapshotItems {
  readonly length: number;
  readonly ids: readonly string[];
  /** Each item's column, one string per distinct column. */
  readonly columns: readonly (string | null)[];
  /** Each item's time of entering its column; NaN: none. */
  readonly entered: Float64Array;
  readonly #runs: readonly UrlRun[];
  #text: JsonTexts | ApartTexts | null;
  #make: MakeItems | null;
  #made: BoardItem[] | null = null;
  #reading: Promise<void> | null = null;

  constructor(columns: ItemColumns, make: MakeItems) {
    this.length = columns.ids.length;
    this.ids = columns.ids;
    this.columns = columns.columns;
    this.entered = columns.entered;
    this.#runs = columns.runs;
    this.#text = columns.text;
    this.#make = make;
  }

  /** Whether `all` can be called now: the titles and URLs are not apart, or were read (`readTexts`). */
  get textsRead(): boolean {
    return this.#made !== null || !(this.#text && 'source' in this.#text);
  }

  /**
   * Reads the titles and URLs kept apart (once; nothing when they are not apart). Their URLs must give
   * the runs the repositories were read from, else nothing is made (a viewer's visibility came from them).
   */
  readTexts(): Promise<void> {
    if (this.textsRead) return Promise.resolve();
    this.#reading ??= this.#readApart().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  async #readApart(): Promise<void> {
    const { key, source } = this.#text as ApartTexts;
    const texts = parsedTexts(await source.stored(), key, this.length) ?? (await source.fromRows(this.ids));
    if (this.#made) return;
    const fit = texts.changed ? urlsInRuns(texts, this.#runs) : sameRuns(runsOfUrls(texts.url), this.#runs);
    if (!fit) throw new Error('item snapshot URLs do not give the runs stored with it');
    // Items changed since the snapshot have no texts of its own: none shown (a refresh reads them again,
    // and the repository the viewer's visibility was read from is their run's, not their URL's now).
    texts.changed?.forEach((changed, i) => {
      if (changed === 1) {
        texts.title[i] = '';
        texts.url[i] = null;
      }
    });
    this.#made = (this.#make as MakeItems)(texts.title, texts.url);
    this.#make = null;
    this.#text = null;
  }

  /** The items as objects, made on the first call (the same objects after); their texts read first. */
  all(): BoardItem[] {
    if (this.#made) return this.#made;
    if (!this.textsRead) throw new Error('item snapshot texts are apart and not read yet (readTexts)');
    const text = this.#text as JsonTexts;
    const title: unknown = JSON.parse(text.title);
    const url: unknown = JSON.parse(text.url);
    if (!isStrings(title, this.length) || !isNullables(url, this.length, 'string'))
      throw new Error('item snapshot is not a list');
    const make = this.#make as MakeItems;
    this.#made = make(title as string[], url as (string | null)[]);
    this.#make = null;
    this.#text = null;
    return this.#made;
  }

  /** The items as objects if they were made already, else null. */
  made(): BoardItem[] | null {
    return this.#made;
  }

  /**
   * Each item's value of `of` for its URL (`none` without one), `of` called once per run of URLs that
   * differ only in the number after their last '/' (a repository's issues and pull requests, one after
   * the other): it must give every URL of a run the same value.
   */
  byUrl<T>(of: (url: string) => T, none: T): T[] {
    const values = new Array<T>(this.length);
    const runs = this.#runs;
    for (let r = 0; r < runs.length; r++) {
      const { start, url } = runs[r] as UrlRun;
      values.fill(url === null ? none : of(url), start, runs[r + 1]?.start ?? values.length);
    }
    return values;
  }
}

/** A snapshot's texts apart, when `stored` is those of the snapshot keyed `key` (of `n` items); else null. */
function parsedTexts(stored: string | null, key: string, n: number): ItemTexts | null {
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return null;
  }
  const { key: own, title, url } = parsed as Record<string, unknown>;
  return own === key && isStrings(title, n) && isNullables(url, n, 'string')
    ? { title: title as string[], url: url as (string | null)[] }
    : null;
}

/**
 * Whether each item not changed since the snapshot has a URL of its run (`runsOfUrls` would put it there:
 * the run's first URL, or its prefix and a number).
 */
function urlsInRuns(texts: ItemTexts, runs: readonly UrlRun[]): boolean {
  const { url, changed } = texts;
  for (let r = 0; r < runs.length; r++) {
    const { start, url: first } = runs[r] as UrlRun;
    const prefix = first === null ? '' : prefixOf(first);
    const end = runs[r + 1]?.start ?? url.length;
    for (let i = start; i < end; i++) {
      if (changed?.[i] === 1) continue;
      const own = url[i] as string | null;
      const fits =
        own === first ||
        (own !== null &&
          i > start &&
          prefix !== '' &&
          own.startsWith(prefix) &&
          isDigits(own, prefix.length, own.length));
      if (!fits) return false;
    }
  }
  return runs.length > 0 || url.length === 0;
}

const sameRuns = (a: readonly UrlRun[], b: readonly UrlRun[]) =>
  a.length === b.length && a.every((run, r) => run.start === b[r]?.start && run.url === b[r]?.url);

/** The items as objects, a snapshot's titles and URLs read first when they are apart. */
export async function allItems(list: ItemList): Promise<BoardItem[]> {
  if (!Array.isArray(list)) await list.readTexts();
  return itemsOf(list);
}

/** Items from `start` on whose URLs are `url` but for the number after its last '/' (null: no URL). */
type UrlRun = { start: number; url: string | null };

/**
 * At most this many runs are stored with a snapshot: a board whose repositories' items interleave has
 * its URLs scanned when read (`urlRuns`), and the check of stored runs stays one short pattern.
 */
const RUNS_KEPT = 64;

/** The runs of `urls`, as `urlRuns` finds them in a snapshot's text. */
function runsOfUrls(urls: readonly (string | null)[]): UrlRun[] {
  const runs: UrlRun[] = [];
  let prefix = '';
  for (let i = 0; i < urls.length; i++) {
    const url = urls[i] as string | null;
    if (url === null) {
      if (runs.at(-1)?.url !== null) runs.push({ start: i, url: null });
      prefix = '';
    } else if (prefix === '' || !url.startsWith(prefix) || !isDigits(url, prefix.length, url.length)) {
      prefix = prefixOf(url);
      runs.push({ start: i, url });
    }
  }
  return runs;
}

/** The part of `url` up to its last '/' when a number follows it, else ''. */
function prefixOf(url: string): string {
  const slash = url.lastIndexOf('/') + 1;
  return slash > 0 && isDigits(url, slash, url.length) ? url.slice(0, slash) : '';
}

/**
 * The runs a snapshot stored, when they are the runs of its URLs' `text` (a list of `n` strings or
 * nulls without escapes); else null. Checked by one pattern of the list's whole text, which the regular
 * expression engine matches in native code (98,000 URLs on a cold server: ~2 ms, `urlRuns`' scan ~15).
 */
function storedRuns(value: unknown, text: string, n: number): UrlRun[] | null {
  if (text.indexOf('\\') >= 0) return null;
  const runs = parsedRunsOf(value, n);
  return runs && runsMatch(runs, text, n) ? runs : null;
}

/** The runs stored with a snapshot of `n` items, when they are runs (not yet checked against the URLs). */
function parsedRunsOf(value: unknown, n: number): UrlRun[] | null {
  if (!Array.isArray(value) || value.length > RUNS_KEPT) return null;
  const runs: UrlRun[] = [];
  for (const run of value as unknown[]) {
    if (!Array.isArray(run) || run.length !== 2) return null;
    const [start, url] = run as unknown[];
    const previous = runs.at(-1)?.start ?? -1;
    if (!Number.isInteger(start) || (start as number) <= previous || (start as number) >= n) return null;
    if (url !== null && typeof url !== 'string') return null;
    runs.push({ start: start as number, url });
  }
  if (runs.length > 0 && runs[0]?.start !== 0) return null;
  return runs;
}

/** Whether `runs` stand for the URLs' list `text` (JSON without escapes). */
function runsMatch(runs: readonly UrlRun[], text: string, n: number): boolean {
  const pattern = runsPattern(runs, n);
  try {
    return pattern?.test(text) === true;
  } catch {
    return false; // The engine's backtracking stack, from ~2,000,000 URLs on: scanned instead.
  }
}

/** A pattern of the whole list of URLs `runs` stand for (null when a run cannot have more than one). */
function runsPattern(runs: readonly UrlRun[], n: number): RegExp | null {
  const parts: string[] = [];
  for (let r = 0; r < runs.length; r++) {
    const { start, url } = runs[r] as UrlRun;
    const more = (runs[r + 1]?.start ?? n) - start - 1;
    if (url === null) {
      parts.push(`null(?:,null){${more}}`);
      continue;
    }
    const prefix = prefixOf(url);
    if (prefix === '' && more > 0) return null;
    parts.push(`"${literal(url)}"${more > 0 ? `(?:,"${literal(prefix)}\\d+"){${more}}` : ''}`);
  }
  return new RegExp(`^\\[${parts.join(',')}\\]$`);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const CLOSE = 93;

/**
 * The text of the title and URL columns, and the rest of the snapshot's text without them, when it is
 * columns in the order `encodeItems` writes (null otherwise). The keys are found by their text: a
 * string's quotes are escaped in JSON, so `,"title":[` cannot lie within one of the lists before it.
 */
function textColumns(payload: string): { title: string; url: string; rest: string } | null {
  if (!payload.startsWith('{"format":"columns","id":[')) return null;
  const title = payload.indexOf(',"title":[');
  const url = title < 0 ? -1 : payload.indexOf('],"url":[', title);
  const milestone = url < 0 ? -1 : payload.indexOf('],"milestone":[', url);
  if (milestone < 0) return null;
  return {
    title: payload.slice(title + 9, url + 1),
    url: payload.slice(url + 8, milestone + 1),
    rest: payload.slice(0, title) + payload.slice(milestone + 1),
  };
}

/** Whether `text` (as JSON.stringify writes) is a list of `n` strings. */
function isStringsText(text: string, n: number): boolean {
  let p = 1;
  for (let i = 0; i < n; i++) {
    if (text.charCodeAt(p) !== QUOTE) return false;
    let end = text.indexOf('"', p + 1);
    while (end > 0 && isEscaped(text, end)) end = text.indexOf('"', end + 1);
    if (end < 0) return false;
    p = end + 1;
    if (text.charCodeAt(p) !== (i === n - 1 ? CLOSE : COMMA)) return false;
    p++;
  }
  return n > 0 ? p === text.length : text === '[]';
}

/** Whether the quote at `at` follows an odd number of backslashes. */
function isEscaped(text: string, at: number): boolean {
  let p = at - 1;
  while (text.charCodeAt(p) === BACKSLASH) p--;
  return (at - 1 - p) % 2 === 1;
}

/**
 * The runs of URLs (`UrlRun`) of `text`, when it is a list of `n` strings without escapes or nulls;
 * else null. The first URL of each run is made into a string, the others only compared in place.
 */
function urlRuns(text: string, n: number): UrlRun[] | null {
  if (text.indexOf('\\') >= 0) return null;
  const runs: UrlRun[] = [];
  let prefix = '';
  let p = 1;
  for (let i = 0; i < n; i++) {
    if (text.charCodeAt(p) === QUOTE) {
      const start = p + 1;
      const end = text.indexOf('"', start);
      if (end < 0) return null;
      const cut = start + prefix.length;
      if (prefix === '' || !isDigits(text, cut, end) || !text.startsWith(prefix, start)) {
        const url = text.slice(start, end);
        prefix = prefixOf(url);
        runs.push({ start: i, url });
      }
      p = end + 1;
    } else if (text.startsWith('null', p)) {
      if (runs.at(-1)?.url !== null) runs.push({ start: i, url: null });
      prefix = '';
      p += 4;
    } else return null;
    if (text.charCodeAt(p) !== (i === n - 1 ? CLOSE : COMMA)) return null;
    p++;
  }
  return (n > 0 ? p === text.length : text === '[]') ? runs : null;
}

/** Whether `text` from `start` to `end` is one or more digits. */
function isDigits(text: string, start: number, end: number): boolean {
  if (start >= end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function columnItems(parsed: Columns): BoardItem[] {
  const { id, number, title, url, milestone, column, entered, labels, assignees, relations } = parsed;
  const sets = parsed.sets.map((set) => (set.length === 0 ? NO_LABELS : set));
  const shared = sharedStrings();
  const items = new Array<BoardItem>(id.length);
  for (let i = 0; i < items.length; i++) {
    // One object an item, its fields in the order the rows' decoding gives them too.
    const item: BoardItem = {
      id: id[i] as string,
      number: number[i] as number | null,
      title: title[i] as string,
      url: url[i] as string | null,
      milestone: shared(milestone[i] as string | null),
      labels: sets[labels[i] as number] as readonly string[],
      column: shared(column[i] as string | null),
      enteredColumnAt: entered[i] as number | null,
    };
    const assigned = assignees?.[i] ?? -1;
    if (assigned >= 0) item.assignees = sets[assigned] as readonly string[];
    const related = relations?.[i];
    items[i] = related ? Object.assign(item, related) : item;
  }
  return items;
}

/**
 * Whether `value` is a list of `n` values each passing `of`. The checks of a 100,000-item snapshot's
 * columns are a million values: plain loops, one per kind of value (a callback per value, through
 * `every`, was half of the items' decoding in the cold request's profile).
 */
function isList(value: unknown, n: number, of: (v: unknown) => boolean): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) if (!of(value[i])) return false;
  return true;
}

function isStrings(value: unknown, n: number): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

function isNullables(value: unknown, n: number, type: 'string' | 'number'): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const v: unknown = value[i];
    if (v !== null && typeof v !== type) return false;
  }
  return true;
}

/** Codes into `sets` (`none`: -1 allowed too). */
function isCodes(value: unknown, n: number, sets: number, none: boolean): boolean {
  if (!Array.isArray(value) || value.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const v: unknown = value[i];
    if (!Number.isInteger(v) || (v as number) >= sets || (v as number) < (none ? -1 : 0)) return false;
  }
  return true;
}

/** `withoutText`: the title and URL columns are not there (read apart: `textColumns`). */
function isColumns(value: unknown, withoutText = false): value is Columns {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  const n = Array.isArray(c.id) ? c.id.length : -1;
  const sets = Array.isArray(c.sets) ? c.sets.length : 0;
  return (
    c.format === 'columns' &&
    isStrings(c.id, n) &&
    isNullables(c.number, n, 'number') &&
    (withoutText || isStrings(c.title, n)) &&
    (withoutText || isNullables(c.url, n, 'string')) &&
    isNullables(c.milestone, n, 'string') &&
    isNullables(c.column, n, 'string') &&
    isNullables(c.entered, n, 'number') &&
    isList(c.sets, sets, (set) => Array.isArray(set) && isStrings(set, set.length)) &&
    isCodes(c.labels, n, sets, false) &&
    (c.assignees === undefined || isCodes(c.assignees, n, sets, true)) &&
    (c.relations === undefined || isRelations(c.relations, n))
  );
}

const isRelations = (value: unknown, n: number) =>
  isList(value, n, (r) => r === null || (typeof r === 'object' && !Array.isArray(r)));

/**
 * Snapshots written before the columns: one array per item — [id, number, title, url, milestone,
 * labels, column, enteredColumnAt, assignees?, relations?].
 */
type Fields = [
  string,
  number | null,
  string,
  string | null,
  string | null,
  string[],
  string | null,
  number | null,
];
type Packed = Fields | [...Fields, string[] | null] | [...Fields, string[] | null, Relations];

function decodeRows(parsed: unknown[]): BoardItem[] {
  const shared = sharedStrings();
  return parsed.map((entry: unknown) => {
    if (!isPacked(entry)) throw new Error('item snapshot entry has the wrong shape');
    const [id, number, title, url, milestone, labels, column, enteredColumnAt, assignees, relations] = entry;
    const item: BoardItem = {
      id,
      number,
      title,
      url,
      milestone: shared(milestone),
      labels: labels.length === 0 ? NO_LABELS : labels,
      column: shared(column),
      enteredColumnAt,
    };
    if (assignees) item.assignees = assignees;
    return relations ? Object.assign(item, relations) : item;
  });
}

/** The items without labels share one list (two in three on a big board: 32 bytes an item). */
const NO_LABELS: readonly string[] = Object.freeze([]);

/**
 * One string per distinct value of a field many items repeat (their column, milestone): JSON.parse
 * makes a string per occurrence of any value longer than 10 characters.
 */
function sharedStrings(): <T extends string | null>(value: T) => T {
  const known = new Map<string, string>();
  return (value) => {
    if (value === null) return value;
    const seen = known.get(value);
    if (seen !== undefined) return seen as typeof value;
    known.set(value, value);
    return value;
  };
}

const isNullable = (value: unknown, type: 'string' | 'number') => value === null || typeof value === type;

function isPacked(entry: unknown): entry is Packed {
  if (!Array.isArray(entry) || entry.length < 8 || entry.length > 10) return false;
  const [id, number, title, url, milestone, labels, column, entered, assignees, relations] = entry;
  return (
    typeof id === 'string' &&
    isNullable(number, 'number') &&
    typeof title === 'string' &&
    isNullable(url, 'string') &&
    isNullable(milestone, 'string') &&
    Array.isArray(labels) &&
    labels.every((l) => typeof l === 'string') &&
    isNullable(column, 'string') &&
    isNullable(entered, 'number') &&
    (assignees == null || (Array.isArray(assignees) && assignees.every((a) => typeof a === 'string'))) &&
    (relations === undefined ||
      (typeof relations === 'object' && relations !== null && !Array.isArray(relations)))
  );
}

export type ItemSnapshot<L extends ItemList = BoardItem[]> = {
  seq: number;
  rewriteVersion: number;
  items: L;
};

/** The board's stored snapshot, or null when there is none or it does not read. */
export async function readItemSnapshot(db: Db, boardId: string): Promise<ItemSnapshot<ItemList> | null> {
  const row = await db
    .selectFrom('item_snapshots')
    .select(['seq', 'rewrite_version', 'item_count', 'payload'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const items = readItems(
      row.payload,
      textsSource(db, 'item_snapshots', { boardId, seq: Number(row.seq) }),
    );
    if (items.length !== row.item_count) return null;
    return { seq: Number(row.seq), rewriteVersion: Number(row.rewrite_version), items };
  } catch {
    return null;
  }
}

/**
 * Where a snapshot of `table` reads its titles and URLs when they are apart: its row's `texts` column
 * (read only then), else the board's item rows (the snapshot was taken again since its text was read:
 * the items of its counter are those rows, the ones changed since being read after it anyway).
 */
export function textsSource(
  db: Db,
  table: 'item_snapshots' | 'board_snapshot_items',
  snapshot: { boardId: string; seq: number },
): TextsSource {
  const { boardId, seq } = snapshot;
  return {
    stored: async () => {
      const read = { table, text: 'texts', key: { column: 'board_id', value: boardId }, head: [] };
      const copied = copyTextInParts(db, read, COPY_PART_BYTES);
      if (copied) return (await copied)?.text ?? null;
      const row = await db
        .selectFrom(table)
        .select('texts')
        .where('board_id', '=', boardId)
        .executeTakeFirst();
      return row?.texts ?? null;
    },
    fromRows: async (ids) => {
      const rows = await db
        .selectFrom('items')
        .select(['item_id', 'title', 'url', 'change_seq'])
        .where('board_id', '=', boardId)
        .execute();
      const byId = new Map(rows.map((row) => [row.item_id, row]));
      const n = ids.length;
      const texts = {
        title: new Array<string>(n),
        url: new Array<string | null>(n),
        changed: new Uint8Array(n),
      };
      ids.forEach((id, i) => {
        const row = byId.get(id);
        if (!row) throw new Error(`item ${id} of a snapshot has no row`);
        texts.title[i] = row.title;
        texts.url[i] = row.url;
        if (Number(row.change_seq) > seq) texts.changed[i] = 1;
      });
      return texts;
    },
  };
}

/** Where the board's stored snapshot stands (nothing decoded), or null. */
export async function itemSnapshotState(
  db: Db,
  boardId: string,
): Promise<{ seq: number; rewriteVersion: number } | null> {
  const row = await db
    .selectFrom('item_snapshots')
    .select(['seq', 'rewrite_version'])
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), rewriteVersion: Number(row.rewrite_version) } : null;
}

/** Stores (or replaces) the board's snapshot: its items as of counter `seq` and `rewriteVersion`. */
export async function storeItemSnapshot(
  db: Db,
  boardId: string,
  snapshot: ItemSnapshot & { now: number },
): Promise<void> {
  const { items: payload, texts } = encodeItemParts(snapshot.items);
  const values = {
    seq: snapshot.seq,
    rewrite_version: snapshot.rewriteVersion,
    item_count: snapshot.items.length,
    payload,
    texts,
    created_at: snapshot.now,
  };
  await db
    .insertInto('item_snapshots')
    .values({ board_id: boardId, ...values })
    .onConflict((oc) => oc.column('board_id').doUpdateSet(values))
    .execute();
}
