import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The e2e server's SQLite database (playwright.config.ts puts it in E2E_DATA_DIR), for the one thing a browser
 * cannot do in a test's time: let 30 days pass. Opened per call, so the server keeps its own connection.
 */
export function endTrial(login: string, endedAt = Date.now() - 86_400_000): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'fluxion.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare("UPDATE users SET subscription_status = 'trial', subscription_end = ? WHERE username = ?")
      .run(endedAt, login).changes;
    if (changed !== 1) throw new Error(`no user ${login}`);
  } finally {
    db.close();
  }
}

/** Puts a user's subscription fields in a given state, for the Account page's states no journey reaches in time. */
export function setSubscription(
  login: string,
  state: { status: string; end: number | null; cancelAtPeriodEnd?: boolean; trialing?: boolean },
): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'fluxion.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db
      .prepare(
        'UPDATE users SET subscription_status = ?, subscription_end = ?, cancel_at_period_end = ?, subscription_trialing = ? WHERE username = ?',
      )
      .run(state.status, state.end, state.cancelAtPeriodEnd ? 1 : 0, state.trialing ? 1 : 0, login).changes;
    if (changed !== 1) throw new Error(`no user ${login}`);
  } finally {
    db.close();
  }
}

/** Lets an organization's team trial end: its boards were first added 40 days ago (docs/billing.md, Team plan). */
export function endTeamTrial(org: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'fluxion.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const longAgo = Date.now() - 40 * 86_400_000;
    const changed = db
      .prepare('UPDATE boards SET added_at = ? WHERE owner_login = ?')
      .run(longAgo, org).changes;
    if (changed === 0) throw new Error(`no board of ${org}`);
    db.prepare("UPDATE org_plans SET trial_end = ? WHERE org_login = ? AND status = 'trial'").run(
      longAgo + 30 * 86_400_000,
      org,
    );
  } finally {
    db.close();
  }
}

/** The Fluxion id of the user signed in as `login` (what the server puts in their Stripe objects' metadata). */
export function userIdOf(login: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'fluxion.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare('SELECT id FROM users WHERE username = ?').get(login) as
      | { id: string }
      | undefined;
    if (!row) throw new Error(`no user ${login}`);
    return row.id;
  } finally {
    db.close();
  }
}

/**
 * How many test digests the server sent to `login` (its notification jobs): the catcher cannot tell a test
 * digest from the week's own, which the scheduler sends on a Monday from 09:00 to a board just turned on.
 */
export function sentTestDigests(login: string): number {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(join(dataDir, 'fluxion.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM notification_jobs j JOIN users u ON u.id = j.user_id
         WHERE u.username = ? AND j.kind = 'test_digest' AND j.state = 'sent'`,
      )
      .get(login) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}
