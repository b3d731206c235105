import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import type { Channels } from './channels.ts';
import { releaseTurnsOf } from '../leases/turns.ts';
import { createNotifier, type Notifier } from './runner.ts';

/**
 * The scheduler (digests due, and the alert scan over every board's Flow report) runs in one notifier of
 * all those sharing a database, once per period, under the scheduler's turn (leases/turns.ts); on a SQLite file
 * and on PostgreSQL.
 */
const cases = await dialectCases();
const PERIOD = 30_000;
const LEASE = 120_000;
const nowhere: Channels = { email: null, slack: async () => undefined, close: () => undefined };

describe.each(cases)('the scheduler’s lease ($name)', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const clock = testClock(Date.UTC(2026, 10, 27, 12));
  const { app, ctx } = await buildTestApp(database, { clock });
  const api = { ...ctx, analytics: app.analytics };
  const notifier = (owner: string) =>
    createNotifier(api, nowhere, { owner, scheduleEveryMs: PERIOD, leaseMs: LEASE });
  const runs = (...notifiers: Notifier[]) => notifiers.map((n) => n.schedulerRuns);

  it('lets one of two notifiers schedule each period, the same one while it lives, and the other once it dies', async () => {
    const [a, b] = [notifier('a'), notifier('b')];
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(a.schedulerRuns + b.schedulerRuns).toBe(1);
    const [holder, other] = a.schedulerRuns === 1 ? [a, b] : [b, a];
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(runs(holder, other)).toEqual([1, 0]); // the same period: nobody schedules again

    for (let period = 1; period <= 3; period++) {
      clock.advance(PERIOD);
      await Promise.all([other.runOnce(), holder.runOnce()]);
    }
    expect(runs(holder, other)).toEqual([4, 0]);

    // The holder dies: its lease (LEASE after its last run) holds the others off, then one takes over.
    const periodsUntilTakeover: number[] = [];
    for (let period = 1; period <= LEASE / PERIOD + 1; period++) {
      clock.advance(PERIOD);
      await other.runOnce();
      if (other.schedulerRuns > 0) periodsUntilTakeover.push(period);
    }
    expect(periodsUntilTakeover).toEqual([LEASE / PERIOD + 1]);

    // The new holder keeps it: the old one, were it to come back, does not schedule beside it.
    clock.advance(PERIOD);
    await Promise.all([holder.runOnce(), other.runOnce()]);
    expect(runs(holder, other)).toEqual([4, 2]);
  });

  it('lets a third notifier in when the holder stops ticking long enough, not before', async () => {
    const c = notifier('c');
    clock.advance(PERIOD);
    await c.runOnce();
    expect(c.schedulerRuns).toBe(0);
    clock.advance(LEASE);
    await c.runOnce();
    expect(c.schedulerRuns).toBe(1);
  });

  it('a notifier that stops gives its turn back: another schedules at the next period, not after the lease', async () => {
    const [d, e] = [notifier('d'), notifier('e')];
    clock.advance(LEASE + PERIOD);
    await d.runOnce();
    await e.runOnce();
    expect(runs(d, e)).toEqual([1, 0]);
    await releaseTurnsOf(ctx.db, ['d']);
    clock.advance(PERIOD);
    await e.runOnce();
    expect(runs(d, e)).toEqual([1, 1]);
  });
});
