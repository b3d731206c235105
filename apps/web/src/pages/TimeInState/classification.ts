import type { ColumnClassification } from '@fluxion/contract';
import { T } from '../../texts.ts';

/** Tooltip text listing the productive and waiting columns. */
export function classificationText(classification: ColumnClassification | undefined): string {
  const list = (columns: string[] | undefined) => (columns?.length ? columns.join(', ') : T.timeInState.none);
  return `${T.timeInState.productive}: ${list(classification?.productive)}. ${T.timeInState.waiting}: ${list(classification?.waiting)}.`;
}
