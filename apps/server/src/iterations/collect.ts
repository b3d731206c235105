import type { GithubIterationFields, GithubProjectItem, IterationFieldNames } from '../github/types.ts';
import { recordChanges } from '../boards/changes.ts';
import type { Db } from '../db/connection.ts';
import { latestIterationEstimates, iterationHistory } from '@fluxion/flow';
import { iterationChanges } from './iteration-diff.ts';
import {
  appendIterationChanges,
  readIterationChanges,
  readIterationFields,
  saveIterationField,
  setEstimateField,
} from './queries.ts';

/**
 * The Iteration and estimate fields the listing asks values of: on a full sync, first brought up to date
 * with what GitHub says of the board's fields (`fields`: its Iteration field and iterations; the chosen
 * estimate field found again by id, renamed or not); null when the board has neither.
 */
export async function iterationFieldsToList(
  ctx: { db: Db; now: () => number },
  boardId: string,
  fields: GithubIterationFields | undefined,
): Promise<IterationFieldNames | null> {
  if (fields) await refreshIterationFields(ctx, boardId, fields);
  const stored = await readIterationFields(ctx.db, boardId);
  if (!stored.iterationField && !stored.estimateField) return null;
  return {
    iterationField: stored.iterationField?.name ?? '',
    estimateField: stored.estimateField?.name ?? '',
    iterationFieldId: stored.iterationField?.id ?? null,
    estimateFieldId: stored.estimateField?.id ?? null,
  };
}

async function refreshIterationFields(
  ctx: { db: Db; now: () => number },
  boardId: string,
  fields: GithubIterationFields,
) {
  await recordChanges(ctx.db, boardId, async (changes) => {
    await saveIterationField(changes, fields.iterationField, ctx.now());
    const chosen = (await readIterationFields(changes.db, boardId)).estimateField;
    if (!chosen) return;
    const now = fields.numberFields.find((f) => f.id === chosen.id) ?? null;
    // Renamed: asked by its new name from now on. Deleted on GitHub: no estimate field any more.
    if (now?.name !== chosen.name) await setEstimateField(changes, now, ctx.now());
  });
}

/**
 * Records what the listed items' iterations and estimates became since the last look (docs/metrics.md,
 * "Iterations and estimates"): each change at the time it was seen, an item's first look as its iteration and estimate
 * then. REDACTED items are skipped (their values are not readable).
 */
export async function recordIterationEstimates(
  db: Db,
  boardId: string,
  items: readonly GithubProjectItem[],
  now: number,
) {
  const latest = latestIterationEstimates(iterationHistory(await readIterationChanges(db, boardId)));
  const observed = items
    .filter((i) => i.type !== 'REDACTED')
    .map((i) => ({ itemId: i.id, iteration: i.iterationId, estimate: i.estimate }));
  const changes = iterationChanges(latest, observed, now);
  if (changes.length === 0) return;
  await recordChanges(db, boardId, (unit) => appendIterationChanges(unit, changes, 'poll'));
}
