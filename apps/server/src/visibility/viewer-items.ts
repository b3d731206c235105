import type { ApiContext } from '../context.ts';
import type { ItemList } from '../move-log/item-snapshots.ts';
import {
  type RedactedItems,
  redactForViewer,
  repositoriesOf,
  SEES_EVERYTHING,
  showsContent,
  type Visibility,
  visibilityOf,
} from './redact.ts';
import { keptAnswers, readableRepositories } from './repository-access.ts';

/**
 * A board's items as one viewer may see them, the ids of those whose content is hidden, and the key of
 * that view: cached results computed from them must carry `key` in their cache key (viewers who see the
 * same items share them).
 */
export type ViewerItems = RedactedItems & { key: string };

/** Memos on the loaded items (the board store hands out one list per board version). */
const repositoriesMemo = new WeakMap<ItemList, string[]>();
const redactedMemo = new WeakMap<ItemList, Map<string, RedactedItems>>();
/**
 * Each viewer's visibility of the loaded items, with GitHub's answers it was drawn from: while those are
 * still the answers kept, a warm request hashes nothing (docs/performance.md, "Warm answers").
 */
type KnownVisibility = { answers: readonly object[]; visibility: Visibility };
const visibilityMemo = new WeakMap<ItemList, Map<string, KnownVisibility>>();

/**
 * THE one place where per-user visibility is decided: every answer that shows items (titles, URLs,
 * numbers, labels, milestones) takes them from here, never from the board store directly. A board's
 * items are stored once, read with one user's token; each viewer is shown only the content GitHub shows
 * them: items of repositories they may not read become "Private item" (counts and times stay).
 */
export async function itemsForViewer(
  ctx: ApiContext,
  userId: string,
  board: { readonly id: string; readonly isDemo: boolean },
  loadItems: () => Promise<ItemList>,
  /** Which of the board's lists (its items, those that left): each keeps its earlier views apart. */
  list: 'on board' | 'left' = 'on board',
): Promise<ViewerItems> {
  const items = await loadItems();
  const visibility = await visibilityFor(ctx, userId, board, items);
  if (!Array.isArray(items) && showsContent(items, visibility)) await items.readTexts();
  return { ...redacted(items, visibility, `${board.id}\n${list}`), key: visibility.key };
}

async function visibilityFor(
  ctx: ApiContext,
  userId: string,
  board: { readonly isDemo: boolean },
  items: ItemList,
): Promise<Visibility> {
  // The demo board's generated issues are public to every user.
  if (board.isDemo) return SEES_EVERYTHING;
  let repositories = repositoriesMemo.get(items);
  if (!repositories) {
    repositories = repositoriesOf(items);
    repositoriesMemo.set(items, repositories);
  }
  if (repositories.length === 0) return SEES_EVERYTHING;
  // Read before the question below, which reads the same answers (nothing runs in between).
  const answers = keptAnswers(ctx.analytics.repositoryAccess, userId, repositories);
  let viewers = visibilityMemo.get(items);
  const known = viewers?.get(userId);
  if (answers && known && sameAnswers(known.answers, answers)) return known.visibility;
  const access = { ...ctx, repositoryAccess: ctx.analytics.repositoryAccess };
  const visibility = visibilityOf(repositories, await readableRepositories(access, userId, repositories));
  if (answers) {
    if (!viewers) {
      viewers = new Map();
      visibilityMemo.set(items, viewers);
    }
    viewers.set(userId, { answers, visibility });
  }
  return visibility;
}

const sameAnswers = (a: readonly object[], b: readonly object[]) =>
  a.length === b.length && a.every((answer, i) => answer === b[i]);

/**
 * The items each board's list (`list`) was last viewed from, per visibility key: the next version's
 * view keeps those of its items unchanged their private forms (redact.ts). Held weakly (the board store
 * holds a board's items), and bounded; a view whose earlier one is gone makes its forms afresh.
 */
const latestViews = new Map<string, WeakRef<ItemList>>();
const LATEST_VIEWS_KEPT = 1_024;

function redacted(items: ItemList, visibility: Visibility, list: string): RedactedItems {
  if (visibility.readable === 'all') return redactForViewer(items, visibility);
  let views = redactedMemo.get(items);
  if (!views) {
    views = new Map();
    redactedMemo.set(items, views);
  }
  let view = views.get(visibility.key);
  if (!view) {
    const slot = `${list}\n${visibility.key}`;
    const source = latestViews.get(slot)?.deref();
    const earlier = source && redactedMemo.get(source)?.get(visibility.key);
    view = redactForViewer(items, visibility, source && earlier ? { source, view: earlier } : null);
    views.set(visibility.key, view);
    latestViews.delete(slot);
    latestViews.set(slot, new WeakRef(items));
    if (latestViews.size > LATEST_VIEWS_KEPT) latestViews.delete(latestViews.keys().next().value as string);
  }
  return view;
}
