import type { Db } from '../db/connection.ts';
import type { User } from '../db/schema.ts';
import type { UserSubscription } from './status.ts';

export async function findUserByCustomer(db: Db, customerId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

/** Remembers the user's Stripe customer; never replaces one already remembered. */
export async function rememberCustomer(
  db: Db,
  userId: string,
  customerId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ stripe_customer_id: customerId, updated_at: now })
    .where('id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .execute();
}

export async function writeSubscription(
  db: Db,
  userId: string,
  sub: UserSubscription,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...sub, updated_at: now })
    .where('id', '=', userId)
    .execute();
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
