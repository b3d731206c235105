import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
type AnyDb = Kysely<any>;

/**
 * The organization (team) plan (docs/billing.md, Plans): `org_plans` holds one GitHub organization's plan —
 * the app's 30-day trial fixed when it was first seen, then its Stripe subscription mirrored (status, period,
 * seats = the subscription's quantity); `org_plan_managers` the GitHub logins who may manage it (the owner
 * who bought it, billing managers they named). `users.subscription_trialing`: 1 while the personal Stripe
 * subscription is `trialing` (bought during the app's trial: the first charge is still to come).
 */
export const orgPlans = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('org_plans')
      .addColumn('org_login', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('trial_end', 'bigint', (c) => c.notNull())
      .addColumn('subscription_end', 'bigint')
      .addColumn('period_start', 'bigint')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stripe_trialing', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stripe_customer_id', 'text')
      .addColumn('stripe_subscription_id', 'text')
      .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('org_plans_customer').on('org_plans').column('stripe_customer_id').execute();
    await db.schema
      .createTable('org_plan_managers')
      .addColumn('org_login', 'text', (c) => c.notNull())
      .addColumn('login', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('org_plan_managers_pk', ['org_login', 'login'])
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('subscription_trialing', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('subscription_trialing').execute();
    await db.schema.dropTable('org_plan_managers').execute();
    await db.schema.dropTable('org_plans').execute();
  },
};
