import type { Generated, Insertable, Selectable } from 'kysely';

/** All timestamps are epoch milliseconds (bigint in PostgreSQL, parsed to number); booleans are 0/1. */
export type UsersTable = {
  id: string;
  github_id: number;
  username: string;
  avatar_url: string | null;
  github_token_enc: string | null;
  /** 'github-app': a user access token of the GitHub App (expires, renewed by refresh); null: an OAuth app's. */
  github_token_kind: string | null;
  /** When the user access token expires (null: never, an OAuth app's token). */
  github_token_expires_at: number | null;
  /** The App's single-use refresh token, sealed like github_token_enc, and when it expires (6 months). */
  github_refresh_token_enc: string | null;
  github_refresh_expires_at: number | null;
  /** The process spending the refresh token now, until when (a lease: one refresh across processes). */
  github_refresh_owner: string | null;
  github_refresh_until: number | null;
  /** When GitHub refused the user's token or refresh token (authorization revoked): sign-ins end. */
  github_access_revoked_at: number | null;
  /** "Connect personal boards": the OAuth app's token (read:project), sealed, and when (migration 026). */
  github_personal_token_enc: Generated<string | null>;
  github_personal_connected_at: Generated<number | null>;
  subscription_status: string;
  subscription_end: number | null;
  cancel_at_period_end: number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** 1 while the personal Stripe subscription is trialing: bought in the app's trial, first charge to come (migration 025). */
  subscription_trialing: Generated<number>;
  demo_hidden: number;
  created_at: number;
  updated_at: number;
};

export type RefreshTokensTable = {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  revoked_at: number | null;
  replaced_by: string | null;
  /** The sign-in (auth_sessions.id) this token descends from; null only before migration 009. */
  session_id: string | null;
  created_at: number;
};

/** One sign-in: ended by logout or by a replayed refresh token, which refuses all its tokens. */
export type AuthSessionsTable = {
  id: string;
  user_id: string;
  created_at: number;
  ended_at: number | null;
};

/** Hits per client address and route in the current rate-limit window. */
export type RateLimitHitsTable = {
  key: string;
  hits: number;
  window_ends_at: number;
};

/** A GitHub Projects board, collected once however many users track it. */
export type BoardsTable = {
  id: string;
  github_project_id: string;
  owner_login: string;
  owner_type: string;
  number: number;
  title: string;
  column_list: string;
  is_demo: number;
  added_at: number;
  sync_status: string;
  last_synced_at: number | null;
  next_sync_at: number;
  sync_error_count: number;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** The user whose GitHub token the collector uses for this board. */
  collector_user_id: string | null;
  /** Bumped with every recorded change, so cached analyses know when they are stale. */
  data_version: Generated<number>;
  /** Bumped when recorded moves are deleted or changed rather than appended: loaded boards are read again. */
  rewrite_version: Generated<number>;
  /** How many moves (`transitions` rows) the board has: kept by triggers (migration 042). */
  move_count: Generated<number>;
  last_full_sync_at: Generated<number | null>;
  /** The Status options with GitHub's ids (JSON `[{id, name}]`): tells a renamed column from a new one. */
  column_options: Generated<string | null>;
  /** Taken by each transaction that changes the board's items (see items.change_seq). */
  item_seq: Generated<number>;
  backfilled_at: Generated<number | null>;
  /** Why past moves could not be imported ('no_timeline_events'); null when they were or will be. */
  backfill_skipped: Generated<string | null>;
  /** 1: the analyses count archived items' history (the default); 0: they leave it out (migration 015). */
  include_archived: Generated<number>;
  /** Which items the analyses count: 'all' | 'leaves' | 'parents'; null: automatic (migration 035). */
  work_level: Generated<string | null>;
  /** The single-select field Flow splits the work by, JSON `{id, name, gone?}`; null: issue type (migration 041). */
  breakdown_field: Generated<string | null>;
  /** The board's working calendar as JSON `{time_zone, weekends, holidays}`; null: UTC, every day worked. */
  calendar: Generated<string | null>;
  /** The board's `updatedAt` on GitHub as read before the last listing; the collector lists it when it moves. */
  github_updated_at: Generated<string | null>;
  /** `data_version` when the collector last released the board: a higher one since came by webhook. */
  synced_data_version: Generated<number | null>;
  /** When the collector last found a change that came by webhook (see docs/operations.md). */
  webhook_change_at: Generated<number | null>;
  /** 1: GitHub's board updatedAt was seen lagging a move; the board is listed every poll (migration 017). */
  version_gate_off: Generated<number>;
  /** Who may change the settings shared by every tracker (calendar, archived items); migration 018. */
  settings_user_id: Generated<string | null>;
  /** Items the last full listing got as REDACTED (repositories the token may not read); migration 021. */
  unreadable_items: Generated<number | null>;
  /** Why: 'repositories_not_selected' | 'no_installation' | 'user_owned' (contract: unreadableReasonSchema). */
  unreadable_reason: Generated<string | null>;
  /** The workflow field (its columns are the options): GitHub's node id and name; null: Status (migration 022). */
  workflow_field_id: Generated<string | null>;
  workflow_field_name: Generated<string | null>;
  /** Items the history import covered, and those of them whose history is partial; null until imported. */
  history_items: Generated<number | null>;
  history_partial_items: Generated<number | null>;
  /** Of those partial items, the ones whose history the import reconstructed (estimated); migration 037. */
  history_estimated_items: Generated<number | null>;
  /** JSON `{sle, wip_limits, blocked_label, blocked_field?}` (contract: flowPoliciesSchema); null: none set (migration 028). */
  flow_policies: Generated<string | null>;
};

/** A user's registration of a board, with that user's settings. */
export type TrackedProjectsTable = {
  user_id: string;
  board_id: string;
  iteration_length_days: number;
  cycle_time_start_column: string | null;
  added_at: number;
  /** JSON `{productive, waiting}` of this user's choice; null: classified by the column names. */
  column_classification: string | null;
};

export type ItemsTable = {
  board_id: string;
  item_id: string;
  number: number | null;
  title: string;
  url: string | null;
  content_type: string;
  milestone: string | null;
  labels: string;
  /** JSON array of logins; null until a listing reports them (migration 014). */
  assignees: string | null;
  /** When the collector saw the item archived; null when it is not (migration 015). */
  archived_at: number | null;
  column_name: string | null;
  entered_column_at: number | null;
  removed_at: number | null;
  updated_at: number;
  /** Before this instant the item's imported history is partial (docs/metrics.md); null: complete (022). */
  history_partial_before: Generated<number | null>;
  /** The board's item_seq when the item last changed: loaded boards read only what changed since. */
  change_seq: Generated<number>;
  /** GitHub's node id of its issue or pull request; null for drafts and until listed (migration 034). */
  content_id: Generated<string | null>;
  /** JSON of its type, parent, sub-issue counts and blockers as last listed; null: not read (034). */
  relations: Generated<string | null>;
};

export type TransitionsTable = {
  id: Generated<number>;
  board_id: string;
  item_id: string;
  from_column: string | null;
  to_column: string | null;
  at: number;
  source: string;
  recorded_at: number;
  /** An estimated move's evidence ('added', 'assigned', 'closed', 'reopened'); null: recorded (037). */
  basis: Generated<string | null>;
};

/** A board's moves after_id < id ≤ last_id in compact form (apps/server/src/segments). */
export type TransitionSegmentsTable = {
  board_id: string;
  seq: number;
  after_id: number;
  last_id: number;
  row_count: number;
  payload: Uint8Array;
  created_at: number;
};

/** A big board's moves (columns) as the server holds them, in one row (migration 038). */
export type BoardSnapshotsTable = {
  board_id: string;
  data_version: number;
  rewrite_version: number;
  last_id: number;
  move_count: number;
  moves: Uint8Array;
  created_at: number;
};

/** The items of a big board's snapshot, written with its moves' row (migration 045). */
export type BoardSnapshotItemsTable = {
  board_id: string;
  rewrite_version: number;
  item_seq: number;
  item_count: number;
  items: string;
  /** The items' titles and URLs when written apart from `items` (migration 047), else null. */
  texts: string | null;
};

/** A board's items now on it as of its item counter, in one blob (apps/server/src/move-log). */
export type ItemSnapshotsTable = {
  board_id: string;
  seq: number;
  rewrite_version: number;
  item_count: number;
  payload: string;
  /** The items' titles and URLs when written apart from `payload` (migration 047), else null. */
  texts: string | null;
  created_at: number;
};

/** A label put on (added 1) or taken off (0) an item, when and how it was learnt (migration 028). */
export type LabelChangesTable = {
  board_id: string;
  item_id: string;
  label: string;
  added: number;
  at: number;
  source: string;
  recorded_at: number;
};

/** A value of the board's blocked field an item took ('' cleared), from when and how learnt (migration 030). */
export type FieldValueChangesTable = {
  board_id: string;
  item_id: string;
  field: string;
  value: string;
  at: number;
  source: string;
  recorded_at: number;
};

/** When an issue started (`blocking` 1) or stopped (0) blocking an item (migration 034). */
export type DependencyChangesTable = {
  board_id: string;
  item_id: string;
  /** The blocking issue's node id. */
  blocking_id: string;
  blocking: number;
  at: number;
  /** JSON `{number, repository, title, url}` of the blocking issue then. */
  blocker: string;
  source: string;
  recorded_at: number;
};

/** A read-only link to one board's analyses; `filters` is JSON of the link's settings. */
export type ShareLinksTable = {
  id: string;
  token_hash: string;
  user_id: string;
  board_id: string;
  filters: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

export type WebhookDeliveriesTable = { delivery_id: string; received_at: number };
export type StripeEventsTable = { event_id: string; received_at: number };

/**
 * An installation of the GitHub App on an organization (docs/github.md), as GitHub last told us; never
 * deleted (`removed_at` once uninstalled). Its access token is sealed (users/secret-box.ts) and renewed by
 * one process at a time: whoever holds `renewal_owner` until `renewal_until`.
 */
export type GithubInstallationsTable = {
  id: number;
  account_login: string;
  /** 'Organization' or 'User', as GitHub's `account.type`. */
  account_type: string;
  /** 'all' or 'selected'. */
  repository_selection: string;
  /** GitHub's permissions object as JSON. */
  permissions: string | null;
  suspended_at: number | null;
  removed_at: number | null;
  token_enc: string | null;
  token_expires_at: number | null;
  renewal_owner: string | null;
  renewal_until: number | null;
  /** When GitHub last told us its state (a webhook or a GET). */
  checked_at: number;
  created_at: number;
};

/** A user's notifications of one board (migration 024; apps/server/src/notifications). Booleans 0/1. */
export type NotificationPreferencesTable = {
  user_id: string;
  board_id: string;
  digest: number;
  alerts: number;
  by_email: number;
  by_slack: number;
  /** Where the user's e-mails go; null: none given yet (no e-mail is sent). */
  email: string | null;
  /** The locale their digests and alerts read in (BCP 47, migration 031); null: en-US. */
  locale: string | null;
  updated_at: number;
  /** When the user's alerts last came on (migration 032): crossings before it are not news to them. */
  alerts_since: number | null;
};

/** A board's Slack channel: its incoming-webhook URL sealed with TOKEN_ENCRYPTION_KEY (migration 024). */
export type NotificationBoardsTable = {
  board_id: string;
  slack_webhook_enc: string | null;
  updated_by: string | null;
  updated_at: number;
  /** The board's last alert scan and the crossings it saw, JSON cause keys (migration 032). */
  scanned_at: number | null;
  scan_causes: string | null;
};

/**
 * One message to send, once (migration 024): unique by `idempotency_key` (board, user, channel, period or
 * cause); `state` pending → sending → sent, or failed / dropped / interrupted (notifications/jobs.ts).
 */
export type NotificationJobsTable = {
  id: string;
  idempotency_key: string;
  kind: string;
  board_id: string;
  user_id: string | null;
  channel: string;
  period: string | null;
  cause: string | null;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  give_up_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  last_error: string | null;
  message_id: string;
  created_at: number;
  sending_at: number | null;
  finished_at: number | null;
  /** The crossings an alert of a scan lists, JSON cause keys (migration 032); null for other jobs. */
  crossings: string | null;
};

/** A task run in one process at a time, once per period (leases/turns.ts, migration 029). */
export type TaskTurnsTable = {
  name: string;
  owner: string | null;
  lease_until: number | null;
  next_run_at: number;
};

/** A board's Iteration field and chosen estimate field (migration 027). */
export type BoardIterationFieldsTable = {
  board_id: string;
  iteration_field_id: string | null;
  iteration_field_name: string | null;
  /** JSON `[{id, title, startDate, duration}]`, completed iterations too. */
  iterations: Generated<string>;
  estimate_field_id: string | null;
  estimate_field_name: string | null;
  updated_at: number;
};

/** What an item's iteration and estimate became, and when (migration 027). */
export type ItemIterationChangesTable = {
  board_id: string;
  item_id: string;
  at: number;
  iteration_id: string | null;
  estimate: number | null;
  source: string;
};

/** A GitHub organization's team plan (migration 025; apps/server/src/billing, docs/billing.md). */
export type OrgPlansTable = {
  org_login: string;
  /** As the user's subscription_status: 'trial' (the app's, no card) until bought, then Stripe's in our words. */
  status: string;
  /** The app's 30-day trial: from the first time one of the organization's boards was added. */
  trial_end: number;
  subscription_end: number | null;
  period_start: number | null;
  cancel_at_period_end: Generated<number>;
  /** 1 while the Stripe subscription is trialing (bought within the trial: the first charge is to come). */
  stripe_trialing: Generated<number>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** The subscription's quantity as last synced with Stripe. */
  seats: Generated<number>;
  created_at: number;
  updated_at: number;
};

/** Who manages an organization's plan besides its GitHub owners: 'owner' (bought it) or 'billing_manager'. */
export type OrgPlanManagersTable = {
  org_login: string;
  login: string;
  role: string;
  added_by: string;
  created_at: number;
};

/** An organization webhook's secret (migration 033; apps/server/src/webhooks/org-secrets.ts). */
export type OrgWebhookSecretsTable = {
  /** The organization's login in lower case. */
  org_login: string;
  /** Sealed with TOKEN_ENCRYPTION_KEY (users/secret-box.ts); never logged or answered. */
  sealed_secret: string;
  /** The GitHub login of the owner who set it. */
  set_by: string;
  set_at: number;
};

/** A digest/alert address of a user and whether it is confirmed theirs (migration 036; notifications/). */
/** What a board's digest of a week read (migration 039): parents' 85 % dates, types' p85 cycle times. */
export type DigestBaselinesTable = {
  board_id: string;
  /** The digest's Monday (YYYY-MM-DD). */
  period: string;
  kind: 'parent' | 'type';
  /** The parent's item id, or the issue type. */
  key: string;
  /** The 85 % date (YYYY-MM-DD), or the p85 in days. */
  value: string;
  recorded_at: number;
};

export type EmailConfirmationsTable = {
  user_id: string;
  /** In lower case. */
  email: string;
  confirmed_at: number | null;
  /** The nonce of the one confirmation link that still works; null once confirmed. */
  nonce: string | null;
  sent_at: number | null;
  created_at: number;
};

export type Database = {
  board_iteration_fields: BoardIterationFieldsTable;
  item_iteration_changes: ItemIterationChangesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  auth_sessions: AuthSessionsTable;
  rate_limit_hits: RateLimitHitsTable;
  boards: BoardsTable;
  tracked_projects: TrackedProjectsTable;
  items: ItemsTable;
  transitions: TransitionsTable;
  transition_segments: TransitionSegmentsTable;
  item_snapshots: ItemSnapshotsTable;
  board_snapshots: BoardSnapshotsTable;
  board_snapshot_items: BoardSnapshotItemsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  stripe_events: StripeEventsTable;
  share_links: ShareLinksTable;
  label_changes: LabelChangesTable;
  field_value_changes: FieldValueChangesTable;
  dependency_changes: DependencyChangesTable;
  github_installations: GithubInstallationsTable;
  org_plans: OrgPlansTable;
  org_plan_managers: OrgPlanManagersTable;
  notification_preferences: NotificationPreferencesTable;
  notification_boards: NotificationBoardsTable;
  notification_jobs: NotificationJobsTable;
  task_turns: TaskTurnsTable;
  org_webhook_secrets: OrgWebhookSecretsTable;
  email_confirmations: EmailConfirmationsTable;
  digest_baselines: DigestBaselinesTable;
};

export type User = Selectable<UsersTable>;
export type Board = Selectable<BoardsTable>;
export type Item = Selectable<ItemsTable>;
export type Transition = Selectable<TransitionsTable>;
export type NewTransition = Insertable<TransitionsTable>;
