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
