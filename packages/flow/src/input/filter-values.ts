import type { BoardItems } from '../types.ts';
import { readableItems } from './board-items.ts';
import { repositoryOf } from './item-filter.ts';

/** A name on the board's items and how many items carry it. */
export type FilterValue = { name: string; items: number };

export type FilterValues = {
  labels: FilterValue[];
  milestones: FilterValue[];
  assignees: FilterValue[];
  repositories: FilterValue[];
  /** The issues' organization-wide types. */
  issueTypes: FilterValue[];
};

/** At most this many names of a kind: a suggestion list, not an index of the board. */
export const MAX_FILTER_VALUES = 500;

/**
 * What an item filter can select on these items: their labels, milestones, assignees and repositories,
 * most used first (then by name). The filter matches names without case, so `Bug` and `bug` are one
 * entry, under the spelling most items use. Items in `hidden` (content the viewer may not see) are left
 * out, so nothing of them is suggested.
 */
export function filterValues(items: BoardItems, hidden: ReadonlySet<string> = new Set()): FilterValues {
  const labels = new Tally();
  const milestones = new Tally();
  const assignees = new Tally();
  const repositories = new Tally();
  const issueTypes = new Tally();
  for (const item of readableItems(items)) {
    if (hidden.has(item.id)) continue;
    for (const label of oncePerItem(item.labels)) labels.add(label);
    if (item.milestone !== null) milestones.add(item.milestone);
    for (const login of oncePerItem(item.assignees ?? [])) assignees.add(login);
    const repository = repositoryOf(item);
    if (repository !== null) repositories.add(repository);
    if (item.issueType) issueTypes.add(item.issueType);
  }
  return {
    labels: labels.values(),
    milestones: milestones.values(),
    assignees: assignees.values(),
    repositories: repositories.values(),
    issueTypes: issueTypes.values(),
  };
}

/** Each name once, without case: an item counts once for a name it carries twice. */
function oncePerItem(names: readonly string[]): readonly string[] {
  if (names.length < 2) return names;
  const seen = new Set<string>();
  return names.filter((name) => {
    const folded = name.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

/** Counts names without case, remembering how often each spelling was seen. */
class Tally {
  private readonly byFolded = new Map<string, Map<string, number>>();

  add(name: string): void {
    const folded = name.toLowerCase();
    let spellings = this.byFolded.get(folded);
    if (!spellings) {
      spellings = new Map();
      this.byFolded.set(folded, spellings);
    }
    spellings.set(name, (spellings.get(name) ?? 0) + 1);
  }

  values(): FilterValue[] {
    const values = [...this.byFolded.values()].map((spellings) => {
      let name = '';
      let most = 0;
      let items = 0;
      for (const [spelling, count] of spellings) {
        items += count;
        if (count > most || (count === most && spelling < name)) [name, most] = [spelling, count];
      }
      return { name, items };
    });
    values.sort((a, b) => b.items - a.items || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return values.slice(0, MAX_FILTER_VALUES);
  }
}
