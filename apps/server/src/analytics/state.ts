import type { FlowResponse } from '@fluxion/contract';
import type { AnalyticsSettings } from '../config.ts';
import type { JsonBody } from '../http/json-body.ts';
import { createRepositoryAccess, type RepositoryAccess } from '../visibility/repository-access.ts';
import { BoardStore } from './board-store.ts';
import { Cache } from './cache.ts';

/** A Flow report, and its JSON text once some request has asked for it (the overview needs none). */
export type CachedFlow = { report: FlowResponse; json?: JsonBody };

/**
 * What the analyses keep between requests, built by each app (`buildApp`) for itself: two apps in one
 * process share nothing. Loaded boards follow their data version incrementally; results live a minute
 * by default, since ages move with time (keys carry the board's data version, so they are never stale).
 */
export type AnalyticsState = {
  boards: BoardStore;
  /** Analyses as the API sends them: JSON bytes, serialised and compressed once. */
  results: Cache<JsonBody>;
  flows: Cache<CachedFlow>;
  /** Boards the overview summarises at once (each may load a board into `boards`). */
  overviewBoardsAtOnce: number;
  /** GitHub's answers on which repositories each user may read (visibility/). */
  repositoryAccess: RepositoryAccess;
};

export function createAnalyticsState(settings: AnalyticsSettings, now: () => number): AnalyticsState {
  return {
    boards: new BoardStore(settings.boards, now),
    results: new Cache<JsonBody>(settings.results, now),
    flows: new Cache<CachedFlow>(settings.flows, now),
    overviewBoardsAtOnce: settings.overviewBoardsAtOnce,
    repositoryAccess: createRepositoryAccess(now),
  };
}
