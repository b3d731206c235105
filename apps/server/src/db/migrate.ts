import { type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely';
import type { DbHandle, DialectName } from './connection.ts';
import { initial } from './migrations/001_initial.ts';
import { collectorState } from './migrations/002_collector_state.ts';
import { incrementalLoad } from './migrations/003_incremental_load.ts';
import { transitionSegments } from './migrations/004_transition_segments.ts';
import { columnClassification } from './migrations/005_column_classification.ts';
import { columnOptions } from './migrations/006_column_options.ts';
import { itemChanges } from './migrations/007_item_changes.ts';
import { itemSnapshots } from './migrations/008_item_snapshots.ts';
import { authSessions } from './migrations/009_auth_sessions.ts';
import { rateLimits } from './migrations/010_rate_limits.ts';
import { backfillSkipped } from './migrations/011_backfill_skipped.ts';
import { shareLinks } from './migrations/012_share_links.ts';
import { boardCalendar } from './migrations/013_board_calendar.ts';
import { itemAssignees } from './migrations/014_item_assignees.ts';
import { archivedItems } from './migrations/015_archived_items.ts';
import { pollGate } from './migrations/016_poll_gate.ts';
import { versionGateOff } from './migrations/017_version_gate_off.ts';
import { settingsOwner } from './migrations/018_settings_owner.ts';
import { githubInstallations } from './migrations/019_github_installations.ts';
import { expiringGithubTokens } from './migrations/020_expiring_github_tokens.ts';
import { unreadableItems } from './migrations/021_unreadable_items.ts';
import { workflowField } from './migrations/022_workflow_field.ts';
import { personalBoardsConnection } from './migrations/026_personal_boards_connection.ts';
import { orgPlans } from './migrations/025_org_plans.ts';
import { flowPolicies } from './migrations/028_flow_policies.ts';
import { iterationsEstimates } from './migrations/027_iterations_estimates.ts';
import { notifications } from './migrations/024_notifications.ts';
import { taskTurns } from './migrations/029_task_turns.ts';
import { blockedField } from './migrations/030_blocked_field.ts';
import { recipientLocale } from './migrations/031_recipient_locale.ts';
import { alertScans } from './migrations/032_alert_scans.ts';
import { orgWebhookSecrets } from './migrations/033_org_webhook_secrets.ts';
import { issueRelations } from './migrations/034_issue_relations.ts';
import { workLevel } from './migrations/035_work_level.ts';
import { emailConfirmations } from './migrations/036_email_confirmations.ts';
import { estimatedMoves } from './migrations/037_estimated_moves.ts';
import { boardSnapshots } from './migrations/038_board_snapshots.ts';
import { digestBaselines } from './migrations/039_digest_baselines.ts';
import { iterationNames } from './migrations/040_iteration_names.ts';
import { breakdownField } from './migrations/041_breakdown_field.ts';
import { moveCount } from './migrations/042_move_count.ts';
import { itemsNamingParent } from './migrations/043_items_naming_parent.ts';
import { itemsColumnCounts } from './migrations/044_items_column_counts.ts';
import { boardSnapshotItems } from './migrations/045_board_snapshot_items.ts';
import { itemsLeftArchived } from './migrations/046_items_left_archived.ts';
import { itemSnapshotTexts } from './migrations/047_item_snapshot_texts.ts';

/** Numbered, reversible migrations; the same list serves SQLite and PostgreSQL. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_collector_state': collectorState,
    '003_incremental_load': incrementalLoad,
    '004_transition_segments': transitionSegments(dialect),
    '005_column_classification': columnClassification,
    '006_column_options': columnOptions,
    '007_item_changes': itemChanges,
    '008_item_snapshots': itemSnapshots,
    '009_auth_sessions': authSessions,
    '010_rate_limits': rateLimits,
    '011_backfill_skipped': backfillSkipped,
    '012_share_links': shareLinks,
    '013_board_calendar': boardCalendar,
    '014_item_assignees': itemAssignees,
    '015_archived_items': archivedItems,
    '016_poll_gate': pollGate,
    '017_version_gate_off': versionGateOff,
    '018_settings_owner': settingsOwner,
    '019_github_installations': githubInstallations,
    '020_expiring_github_tokens': expiringGithubTokens,
    '021_unreadable_items': unreadableItems,
    '022_workflow_field': workflowField,
    '026_personal_boards_connection': personalBoardsConnection,
    '025_org_plans': orgPlans,
    '028_flow_policies': flowPolicies,
    '027_iterations_estimates': iterationsEstimates,
    '024_notifications': notifications,
    '029_task_turns': taskTurns,
    '030_blocked_field': blockedField,
    '031_recipient_locale': recipientLocale,
    '032_alert_scans': alertScans,
    '033_org_webhook_secrets': orgWebhookSecrets,
    '034_issue_relations': issueRelations,
    '035_work_level': workLevel,
    '036_email_confirmations': emailConfirmations,
    '037_estimated_moves': estimatedMoves,
    '038_board_snapshots': boardSnapshots(dialect),
    '039_digest_baselines': digestBaselines,
    '040_iteration_names': iterationNames(dialect),
    '041_breakdown_field': breakdownField,
    '042_move_count': moveCount(dialect),
    '043_items_naming_parent': itemsNamingParent,
    '044_items_column_counts': itemsColumnCounts,
    '045_board_snapshot_items': boardSnapshotItems(dialect),
    '046_items_left_archived': itemsLeftArchived,
    '047_item_snapshot_texts': itemSnapshotTexts,
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

function migrator(handle: DbHandle) {
  return new Migrator({ db: handle.db, provider: new StaticProvider(handle.dialect) });
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const { error, results } = await migrator(handle).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed} failed: ${reason}` : reason);
  }
}

/** Reverts every migration: the database is left empty. */
/** Migrates up or down to the named migration (tests of a migration's data: the database as it was before it). */
export async function migrateTo(handle: DbHandle, name: string): Promise<void> {
  const { error } = await migrator(handle).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function migrateAllDown(handle: DbHandle): Promise<void> {
  const { error } = await migrator(handle).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
