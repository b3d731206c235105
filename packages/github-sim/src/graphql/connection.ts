import { decodeCursor, encodeCursor } from '../model/ids.ts';
import { GithubGraphqlError, type PageArgs } from './context.ts';

export type Connection<T> = {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
};

/** A cursor argument's position; GitHub refuses one it did not hand out (an empty string too). */
function cursorAt(cursor: string | null | undefined, name: 'after' | 'before'): number | null {
  if (cursor === null || cursor === undefined) return null;
  const position = decodeCursor(cursor);
  if (position === null)
    throw new GithubGraphqlError(
      'INVALID_CURSOR_ARGUMENTS',
      `\`${name}\` does not appear to be a valid cursor.`,
    );
  return position;
}

/** Relay cursor pagination over a list in order; each entry has a stable position that the cursor encodes. */
export function paginate<T, V>(
  list: T[],
  args: PageArgs,
  position: (t: T, index: number) => number,
  view: (t: T) => V,
): Connection<V> {
  const entries = list.map((t, index) => ({ t, pos: position(t, index) }));
  const after = cursorAt(args.after, 'after');
  const before = cursorAt(args.before, 'before');
  let window = entries.filter(
    (e) => (after === null || e.pos > after) && (before === null || e.pos < before),
  );
  const bounded = window.length;
  const first = Math.min(args.first ?? 100, 100);
  if (args.first !== undefined && args.first !== null) window = window.slice(0, Math.max(0, first));
  if (args.last !== undefined && args.last !== null)
    window = window.slice(Math.max(0, window.length - args.last));
  const startIndex = entries.indexOf(window[0] as (typeof entries)[number]);
  const edges = window.map((e) => ({ cursor: encodeCursor(e.pos), node: view(e.t) }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage:
        args.first !== undefined && args.first !== null
          ? bounded > window.length
          : before !== null && entries.some((e) => e.pos >= before),
      hasPreviousPage: window.length > 0 ? startIndex > 0 : after !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: list.length,
  };
}
