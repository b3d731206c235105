import type { ColumnClassification } from '@fluxion/contract';
import type { ClassificationOverride } from '@fluxion/flow';

/** The stored text of a user's classification; null for automatic. */
export function serializeClassification(lists: ColumnClassification | null): string | null {
  return lists === null ? null : JSON.stringify({ productive: lists.productive, waiting: lists.waiting });
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * A user's stored classification as it applies to the board's columns today, in board order: columns
 * renamed or removed on GitHub since, and the done column (the last), drop out. Null when none is stored.
 */
export function storedClassification(
  text: string | null,
  columns: readonly string[],
): ColumnClassification | null {
  if (text === null) return null;
  let parsed: { productive?: unknown; waiting?: unknown };
  try {
    parsed = JSON.parse(text) ?? {};
  } catch {
    return null;
  }
  const productive = new Set(stringsOf(parsed.productive));
  const waiting = new Set(stringsOf(parsed.waiting));
  const open = [...new Set(columns.slice(0, -1))];
  return {
    productive: open.filter((c) => productive.has(c) && !waiting.has(c)),
    waiting: open.filter((c) => waiting.has(c) && !productive.has(c)),
  };
}

/** The stored text with renamed columns (old → new, all at once, so two columns that swap names stay apart). */
export function renameInClassification(text: string, renames: ReadonlyMap<string, string>): string {
  let parsed: { productive?: unknown; waiting?: unknown };
  try {
    parsed = JSON.parse(text) ?? {};
  } catch {
    return text;
  }
  const rename = (names: unknown) => stringsOf(names).map((name) => renames.get(name) ?? name);
  return JSON.stringify({ productive: rename(parsed.productive), waiting: rename(parsed.waiting) });
}

/** The engine's input: column name → kind. */
export function classificationOverride(lists: ColumnClassification | null): ClassificationOverride | null {
  if (lists === null) return null;
  const override: Record<string, 'productive' | 'waiting'> = Object.create(null);
  for (const name of lists.productive) override[name] = 'productive';
  for (const name of lists.waiting) override[name] = 'waiting';
  return override;
}
