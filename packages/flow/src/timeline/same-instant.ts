/** A move's origin and target column names (null: off the board). */
export type Link = { readonly from: string | null; readonly to: string | null };

/** Where the chain must start and end: the rows before and after the instant (undefined: free). */
export type Ends = { start?: string | null | undefined; ends?: ReadonlySet<string | null> | undefined };

/** Search steps per attempt before giving up on a chain (reached only by long, tangled runs). */
const BUDGET = 5_000;

/** True when the links touch each other (undirected): a chain through all of them needs that. */
function connected(links: readonly Link[]): boolean {
  const reached = new Set<string | null>([links[0]?.from ?? null]);
  const left = [...links];
  for (let grew = true; grew && left.length > 0; ) {
    grew = false;
    for (let i = left.length - 1; i >= 0; i--) {
      const link = left[i] as Link;
      if (!reached.has(link.from) && !reached.has(link.to)) continue;
      reached.add(link.from).add(link.to);
      left.splice(i, 1);
      grew = true;
    }
  }
  return left.length === 0;
}

/**
 * The shortest chain (link i's `to` is link i+1's `from`) that uses every distinct link at least once
 * and each at most `copies[i]` times, starts at `start` and ends in `ends` where they are given; links
 * are tried in their given order, so the answer depends on that order only. Returns link indices, or
 * null when no such chain exists (or the search ran out of budget).
 */
function shortestChain(links: readonly Link[], copies: readonly number[], want: Ends): number[] | null {
  const total = copies.reduce((a, b) => a + b, 0);
  const used = new Array<number>(links.length).fill(0);
  const path: number[] = [];
  let budget = BUDGET;
  let missing = links.length;
  const search = (length: number, current: string | null | undefined): boolean => {
    if (--budget < 0) return false;
    if (path.length === length) return missing === 0 && (!want.ends || want.ends.has(current ?? null));
    if (length - path.length < missing) return false;
    for (let i = 0; i < links.length; i++) {
      const link = links[i] as Link;
      if ((used[i] as number) >= (copies[i] as number)) continue;
      const start = path.length === 0 ? want.start : current;
      if (start !== undefined && link.from !== start) continue;
      if (used[i] === 0) missing--;
      used[i] = (used[i] as number) + 1;
      path.push(i);
      if (search(length, link.to)) return true;
      path.pop();
      used[i] = (used[i] as number) - 1;
      if (used[i] === 0) missing++;
    }
    return false;
  };
  for (let length = links.length; length <= total && budget > 0; length++) {
    if (search(length, undefined)) return path;
  }
  return null;
}

/** No chain uses every link: start at `start` (or a link nothing enters), then the first link that continues. */
function greedyOrder(links: readonly Link[], start: string | null | undefined): number[] {
  const remaining = links.map((_, i) => i);
  const head = remaining.find((i) => !links.some((other) => other.to === (links[i] as Link).from));
  let current = start !== undefined ? start : head === undefined ? undefined : (links[head] as Link).from;
  const order: number[] = [];
  while (remaining.length > 0) {
    const pick = Math.max(
      0,
      remaining.findIndex((i) => (links[i] as Link).from === current),
    );
    const i = remaining.splice(pick, 1)[0] as number;
    order.push(i);
    current = (links[i] as Link).to;
  }
  return order;
}

/**
 * Orders the moves of one item at one instant (docs/metrics.md §2). `links` are the distinct moves in
 * sorted order, `copies` how many identical rows each has. The order is the shortest
 * chain through all of them that connects to the row before and the rows after; failing that, one
 * that connects to the row before, then to the rows after, then any; failing all, a greedy order.
 * A copy of a link is kept only where the chain passes through the link again, so rows are dropped
 * only as duplicates. Returns indices into `links`, one per row kept.
 */
export function orderInstant(links: readonly Link[], copies: readonly number[], want: Ends): number[] {
  if (!connected(links)) return greedyOrder(links, want.start);
  const tries: Ends[] = [want, { start: want.start }, { ends: want.ends }, {}].filter(
    (attempt, i, all) =>
      all.findIndex((other) => other.start === attempt.start && other.ends === attempt.ends) === i,
  );
  for (const attempt of tries) {
    const chain = shortestChain(links, copies, attempt);
    if (chain) return chain;
  }
  return greedyOrder(links, want.start);
}
