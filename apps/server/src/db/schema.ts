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
  subscription_status: string;
  subscription_end: number | null;
  cancel_at_period_end: number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
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
  /** The board's item_seq when the item last changed: loaded boards read only what changed since. */
  change_seq: Generated<number>;
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

/** A board's items now on it as of its item counter, in one blob (apps/server/src/move-log). */
export type ItemSnapshotsTable = {
  board_id: string;
  seq: number;
  rewrite_version: number;
  item_count: number;
  payload: string;
  created_at: number;
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

export type Database = {
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
  webhook_deliveries: WebhookDeliveriesTable;
  stripe_events: StripeEventsTable;
  share_links: ShareLinksTable;
  github_installations: GithubInstallationsTable;
};

export type User = Selectable<UsersTable>;
export type Board = Selectable<BoardsTable>;
export type Item = Selectable<ItemsTable>;
export type Transition = Selectable<TransitionsTable>;
export type NewTransition = Insertable<TransitionsTable>;
