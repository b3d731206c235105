import { statusOf } from '../model/items.ts';
import type { SimItem } from '../model/types.ts';
import type { World } from '../model/world.ts';

const DAY = 86_400_000;
const UNIT_DAYS: Record<string, number> = {
  day: 1,
  days: 1,
  d: 1,
  week: 7,
  weeks: 7,
  w: 7,
  month: 30,
  months: 30,
};

type Matcher = (item: SimItem) => boolean;

/** Splits a filter into terms, keeping quoted values together: `status:"In Review" -is:archived`. */
function terms(query: string): string[] {
  return [...query.matchAll(/-?[\w-]+:(?:"[^"]*"|\S+)|"[^"]*"|\S+/g)].map((m) => m[0]);
}

function dateBound(world: World, raw: string): number {
  const relative = /^@today(?:-(\d+)(d|w))?$/.exec(raw);
  if (!relative) return Date.parse(raw);
  const today = Math.floor(world.now() / DAY) * DAY;
  return today - Number(relative[1] ?? 0) * (relative[2] === 'w' ? 7 : 1) * DAY;
}

function updatedMatcher(world: World, value: string): Matcher {
  const m = /^(>=|<=|>|<)?(.+)$/.exec(value);
  const op = m?.[1] ?? '>=';
  const bound = dateBound(world, m?.[2] ?? '');
  return (item) =>
    op === '>'
      ? item.updatedAt > bound
      : op === '<'
        ? item.updatedAt < bound
        : op === '<='
          ? item.updatedAt <= bound
          : item.updatedAt >= bound;
}

function qualifier(world: World, key: string, value: string): Matcher {
  const content = (item: SimItem) => world.contents.get(item.contentId);
  if (key === 'last-updated') {
    const m = /^(\d+)([a-z]+)$/.exec(value);
    const days = m ? Number(m[1]) * (UNIT_DAYS[m[2] ?? ''] ?? Number.NaN) : Number.NaN;
    return (item) => item.updatedAt >= world.now() - days * DAY;
  }
  if (key === 'updated') return updatedMatcher(world, value);
  if (key === 'status') return (item) => value.split(',').includes(statusOf(world, item)?.name ?? '');
  if (key === 'no' && value === 'status') return (item) => item.status === null;
  if (key === 'is' && value === 'archived') return (item) => item.archivedAt !== null;
  if (key === 'is' && (value === 'open' || value === 'closed'))
    return (item) => content(item)?.state.toLowerCase() === value;
  if (key === 'is' || key === 'type') {
    const kind = { issue: 'Issue', pr: 'PullRequest', draft: 'DraftIssue' }[value];
    return (item) => content(item)?.kind === kind;
  }
  return () => false;
}

/**
 * The subset of GitHub's project filter syntax the simulator understands: `last-updated:7days`,
 * `updated:>2024-05-01` / `updated:>=@today-7d`, `status:Todo,Done`, `no:status`, `is:archived`,
 * `is:open|closed|issue|pr|draft`, negation with `-`, and bare words matching the title.
 */
export function itemMatcher(world: World, query: string): Matcher {
  const matchers = terms(query.trim()).map((term): Matcher => {
    const negate = term.startsWith('-');
    const body = negate ? term.slice(1) : term;
    const m = /^([\w-]+):(.*)$/.exec(body);
    const raw = m ? (m[2]?.replace(/^"|"$/g, '') ?? '') : body.replace(/^"|"$/g, '').toLowerCase();
    const inner: Matcher = m
      ? qualifier(world, m[1] ?? '', raw)
      : (item) => world.contents.get(item.contentId)?.title.toLowerCase().includes(raw) ?? false;
    return negate ? (item) => !inner(item) : inner;
  });
  return (item) => matchers.every((match) => match(item));
}
