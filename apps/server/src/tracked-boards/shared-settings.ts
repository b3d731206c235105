import type { SaveProjectRequest } from '@fluxion/contract';
import { claimSharedSettings } from '../boards/repository.ts';
import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import { isOrgMember, orgRole } from '../github/org-membership.ts';
import { AppError, forbidden } from '../http/errors.ts';
import type { BoardCalendar } from '@fluxion/contract';
import { boardCalendar } from './calendar.ts';
import { boardFlowPolicies, requestedPolicies, samePolicies } from './flow-policies.ts';
import { boardWorkLevel } from './to-api.ts';
import { storedBreakdownField } from './breakdown-field.ts';

export type SharedSettings = Pick<
  Board,
  | 'calendar'
  | 'include_archived'
  | 'settings_user_id'
  | 'flow_policies'
  | 'column_list'
  | 'work_level'
  | 'breakdown_field'
>;

/** What decides who sets a board's shared settings. */
export type SettingsHolder = Pick<
  Board,
  'id' | 'is_demo' | 'owner_type' | 'owner_login' | 'settings_user_id'
>;

/**
 * Who sets the board's shared settings now: its stored setter (the first tracker who could, see migration
 * 018), but on an organization's board only while GitHub says they are a member of it: a stranger who
 * tracked a public board first sets nothing, and a member may take it over. GitHub failing keeps the
 * stored setter (a passing outage takes nothing from anyone).
 */
export async function sharedSettingsSetter(ctx: AppContext, board: SettingsHolder): Promise<string | null> {
  const stored = board.settings_user_id;
  if (stored === null || board.owner_type !== 'Organization') return stored;
  // A revoked token (401) says the setter is gone; any other failure keeps them (GitHub may be down).
  const member = await isOrgMember(ctx, stored, board.owner_login).catch(
    (error: unknown) => !(error instanceof AppError && error.statusCode === 401),
  );
  return member ? stored : null;
}

/**
 * Whether this user may change the board's shared settings: on an organization's board only its members
 * (asked of GitHub, now), and then only when nobody else sets them; on a user's board whoever sets them
 * (a board nobody sets yet is anyone's to set). `strict`: GitHub failing is an error (a change), not a no
 * (a page that only shows whether the user may).
 */
export async function maySetSharedSettings(
  ctx: AppContext,
  board: SettingsHolder,
  userId: string,
  strict = false,
): Promise<boolean> {
  if (board.is_demo === 1) return false;
  const setter = await sharedSettingsSetter(ctx, board);
  if (setter !== null && setter !== userId) return false;
  if (board.owner_type !== 'Organization') return true;
  const member = isOrgMember(ctx, userId, board.owner_login);
  return strict ? member : member.catch(() => false);
}

/**
 * Refuses a change of the board's shared settings (403: `refusal` when another user sets them) unless this
 * user may make it, and then makes them its setter (a member taking over from a stranger).
 */
export async function takeSharedSettings(
  ctx: AppContext,
  board: SettingsHolder,
  userId: string,
  refusal: string,
): Promise<void> {
  if (board.is_demo === 1) throw forbidden('The demo project cannot be edited');
  if (board.owner_type === 'Organization') {
    const role = await orgRole(ctx, userId, board.owner_login);
    if (role === 'unverifiable') throw forbidden(membershipUnverifiable(board.owner_login));
    if (role === 'none')
      throw forbidden(
        `Only members of ${board.owner_login} on GitHub set the shared settings of its boards (calendar, flow policies, workflow field, Slack channel)`,
      );
  }
  const setter = await sharedSettingsSetter(ctx, board);
  if (setter !== null && setter !== userId) throw forbidden(refusal);
  // A board not stored yet (id '') gets its setter when it is stored.
  if (board.id !== '' && board.settings_user_id !== userId)
    await claimSharedSettings(ctx.db, board.id, userId, board.settings_user_id);
}

const membershipUnverifiable = (org: string) =>
  `Fluxion cannot check that you are a member of ${org} on GitHub: the Fluxion GitHub App lacks the ` +
  `organization permission "Members: read" there. An owner of ${org} accepts the App's request for it ` +
  `(${org} → Settings → GitHub Apps → Fluxion → Review request), then try again.`;

/** Who sets the shared settings of a board a user adds: them, unless it is an organization's they are not in. */
export async function firstSetter(
  ctx: AppContext,
  board: Pick<Board, 'owner_type' | 'owner_login'>,
  userId: string,
): Promise<string | null> {
  if (board.owner_type !== 'Organization') return userId;
  return (await isOrgMember(ctx, userId, board.owner_login).catch(() => false)) ? userId : null;
}
/** A board-wide setting a save request can change, by its request field name. */
export type SharedSettingField =
  | 'calendar'
  | 'include_archived'
  | 'flow_policies'
  | 'estimate_field_id'
  | 'work_level'
  | 'breakdown_field_id';

/**
 * The first shared setting the request would change, by its request field name, or null when none.
 * `estimateFieldId`: the board's estimate field as stored (null: none).
 */
export function changedSharedSetting(
  board: SharedSettings,
  request: Pick<
    SaveProjectRequest,
    | 'calendar'
    | 'include_archived'
    | 'flow_policies'
    | 'estimate_field_id'
    | 'work_level'
    | 'breakdown_field_id'
  >,
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
  if (request.work_level !== undefined && request.work_level !== boardWorkLevel(board.work_level))
    return 'work_level';
  if (
    request.breakdown_field_id !== undefined &&
    request.breakdown_field_id !== (storedBreakdownField(board.breakdown_field)?.id ?? null)
  )
    return 'breakdown_field_id';
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
