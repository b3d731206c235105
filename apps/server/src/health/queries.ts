import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

/** Fails when the database cannot answer (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
