import type { FilterSuggestion } from '@fluxion/contract';

/** How many names the list shows at once: enough to choose from, short enough for a phone. */
export const SHOWN = 8;

const entries = (value: string) => value.split(',');

/**
 * The board's names for the entry being typed (the text after the last comma), without those already in
 * the list: names that start with it first, then names that contain it, each in the board's order (most
 * used first). Without case, as the filter matches. An empty entry shows the most used names.
 */
export function matchingSuggestions(
  value: string,
  suggestions: readonly FilterSuggestion[],
  limit = SHOWN,
): FilterSuggestion[] {
  const parts = entries(value);
  const typed = (parts.at(-1) ?? '').trim().toLowerCase();
  const taken = new Set(parts.slice(0, -1).map((part) => part.trim().toLowerCase()));
  const open = suggestions.filter((s) => !taken.has(s.name.toLowerCase()));
  if (typed === '') return open.slice(0, limit);
  const starts = open.filter((s) => s.name.toLowerCase().startsWith(typed));
  const contains = open.filter(
    (s) => !s.name.toLowerCase().startsWith(typed) && s.name.toLowerCase().includes(typed),
  );
  return [...starts, ...contains].slice(0, limit);
}

/** The list with its last entry replaced by the picked name: "ux, bu" + "bug" → "ux, bug". */
export function completeLast(value: string, name: string): string {
  const kept = entries(value)
    .slice(0, -1)
    .map((part) => part.trim())
    .filter(Boolean);
  return [...kept, name].join(', ');
}
