import type { ItemFilterQuery, LevelOfWorkInfo } from '@fluxion/contract';
import { type BoardItem, type BoardItems, levelSentence, type WorkLevel } from '@fluxion/flow';
import type { ApiContext } from '../context.ts';
import type { Viewer } from './access.ts';
import { type FilterView, itemsAtLevel } from './item-filter.ts';
import { type AnalysisKind, type Project, serve } from './analysis-kind.ts';

/** The board's level of work over the items the viewer sees on it, with its sentence. */
export function levelInfo(items: BoardItems, setting: WorkLevel | null, left?: BoardItem[]): LevelOfWorkInfo {
  const { level } = itemsAtLevel(items, setting, left);
  return {
    level: level.level,
    automatic: level.automatic,
    parents: level.parents,
    leaves: level.leaves,
    sentence: levelSentence(level),
  };
}

/** GET /api/level-of-work/: the line every analysis page shows (docs/metrics.md, "Level of work"). */
const LEVEL_OF_WORK: AnalysisKind<Project & Partial<ItemFilterQuery>, LevelOfWorkInfo> = {
  name: 'level',
  readsItems: () => true,
  compute: async ({ board, view }) =>
    levelInfo((view as FilterView).items, board.workLevel, (view as FilterView).leftAll),
};

export const levelOfWorkOf = (ctx: ApiContext, viewer: Viewer, query: Project) =>
  serve(ctx, viewer, LEVEL_OF_WORK, query);
