import type { SaveProjectRequest } from '@fluxion/contract';
import type { Board } from '../db/schema.ts';
import type { BoardCalendar } from '@fluxion/contract';
import { boardCalendar } from './calendar.ts';
import { boardFlowPolicies, requestedPolicies, samePolicies } from './flow-policies.ts';

type SharedSettings = Pick<
  Board,
  'calendar' | 'include_archived' | 'settings_user_id' | 'flow_policies' | 'column_list'
>;

/** Whether this user sets the board's shared settings (a board nobody sets yet is anyone's to set). */
export function mayChangeSharedSettings(board: SharedSettings, userId: string): boolean {
  return board.settings_user_id === null || board.settings_user_id === userId;
}

/** A board-wide setting a save request can change, by its request field name. */
export type SharedSettingField = 'calendar' | 'include_archived' | 'flow_policies' | 'estimate_field_id';

/**
 * The first shared setting the request would change, by its request field name, or null when none.
 * `estimateFieldId`: the board's estimate field as stored (null: none).
 */
export function changedSharedSetting(
  board: SharedSettings,
  request: Pick<SaveProjectRequest, 'calendar' | 'include_archived' | 'flow_policies' | 'estimate_field_id'>,
  estimateFieldId: string | null = null,
): SharedSettingField | null {
  if (request.calendar !== undefined) {
    if (!sameCalendar(boardCalendar(board.calendar), request.calendar)) return 'calendar';
  }
  if (request.include_archived !== undefined && request.include_archived !== (board.include_archived !== 0)) {
    return 'include_archived';
  }
  if (request.flow_policies !== undefined) {
    const stored = boardFlowPolicies(board.flow_policies);
    const columns: string[] = JSON.parse(board.column_list);
    if (!samePolicies(stored, requestedPolicies(stored, request.flow_policies, columns)))
      return 'flow_policies';
  }
  if (request.estimate_field_id !== undefined && request.estimate_field_id !== estimateFieldId)
    return 'estimate_field_id';
  return null;
}

/** The same working days, whatever order the lists come in. */
function sameCalendar(a: BoardCalendar, b: BoardCalendar): boolean {
  const sorted = (list: readonly (string | number)[]) => JSON.stringify([...new Set(list)].sort());
  return (
    a.time_zone === b.time_zone &&
    sorted(a.weekends) === sorted(b.weekends) &&
    sorted(a.holidays) === sorted(b.holidays)
  );
}
