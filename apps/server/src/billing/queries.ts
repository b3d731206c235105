import type { Db } from '../db/connection.ts';
import type { User } from '../db/schema.ts';

export async function findUserByCustomer(db: Db, customerId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('stripe_events')
    .select('event_id')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markEvent(db: Db, eventId: string, now: number): Promise<void> {
  await db
    .insertInto('stripe_events')
    .values({ event_id: eventId, received_at: now })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}
