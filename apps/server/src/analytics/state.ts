import type { AnalyticsSettings } from '../config.ts';
import type { JsonBody } from '../http/json-body.ts';
import { createRepositoryAccess, type RepositoryAccess } from '../visibility/repository-access.ts';
import { BoardStore } from './board-store.ts';
import { Cache } from './cache.ts';
import { ViewsAhead } from './views-ahead.ts';

/**
 * An analysis other answers read as an object (Flow's report: Home's card, the digest, alerts, the item
 * page), and its JSON text once some request has asked for it (the overview needs none).
 */
export type CachedFacts = { value: unknown; json?: JsonBody };

/**
 * What the analyses keep between requests, built by each app (`buildApp`) for itself: two apps in one
 * process share nothing. Loaded boards follow their data version incrementally; results live a minute
 * by default, since ages move with time (keys carry the board's data version, so they are never stale),
 * or all the board's day while read, for the analyses the clock moves only by the day (`daily`).
 */
export type AnalyticsState = {
  boards: BoardStore;
  /** Analyses as the API sends them: JSON bytes, serialised and compressed once. */
  results: Cache<JsonBody>;
  /** Analyses read as objects too (`AnalysisKind.object`): Flow's. */
  facts: Cache<CachedFacts>;
  /** Boards the overview summarises at once (each may load a board into `boards`). */
  overviewBoardsAtOnce: number;
  /** GitHub's answers on which repositories each user may read (visibility/). */
  repositoryAccess: RepositoryAccess;
  /** Items read ahead for the viewer after an answer that needed none (off until started). */
  viewsAhead: ViewsAhead;
};

export function createAnalyticsState(settings: AnalyticsSettings, now: () => number): AnalyticsState {
  startCollator();
  return {
    boards: new BoardStore(settings.boards, now),
    results: new Cache<JsonBody>(settings.results, now),
    // Flow's report follows the clock (ages): recomputed a TTL after it is made, in the background.
    facts: new Cache<CachedFacts>(settings.flows, now, { refreshInBackground: true }),
    overviewBoardsAtOnce: settings.overviewBoardsAtOnce,
    repositoryAccess: createRepositoryAccess(now),
    viewsAhead: new ViewsAhead(),
  };
}

/**
 * The engine orders ties by `localeCompare` (aging, cycle-time points, breakdowns), whose first call in a
 * process builds ICU's collator for the default locale: ~5 ms, which a board's first Flow answer paid
 * (issue 38). Built here, while the server starts, once per process (later calls cost nothing).
 */
function startCollator(): void {
  'a'.localeCompare('b');
}
