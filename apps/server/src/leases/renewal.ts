import { setTimeout as sleep } from 'node:timers/promises';

/** What one look at a shared credential decided: the value to use, or to wait for another's renewal. */
export type RenewalStep<T> = { use: T } | 'wait';

export const WAIT_FOR_RENEWAL: RenewalStep<never> = 'wait';

/** The timing of every shared token's renewal (a user's GitHub token, an installation's token). */
export const RENEWAL = {
  /** Renewed when it expires within this long (GitHub's user tokens live 8 hours, installations' 1). */
  renewBeforeMs: 5 * 60_000,
  /** How long one process may take to renew before another may try. */
  leaseMs: 30_000,
  /** How long a use waits (real time) for another process's renewal, whose new value it then takes. */
  waitMs: 15_000,
} as const;

export type RenewalWait = {
  /** How long (real time) to wait for another process's renewal before giving up. */
  waitMs: number;
  stepMs: number;
  timedOut: () => Error;
};

/**
 * A credential every process shares (a user's GitHub token, an installation's token), renewed by one
 * process at a time under a lease, a compare-and-set on its row. `look` reads the row once and answers
 * the value to use (the stored one, or the one it renewed after taking the lease), or to wait because
 * another process holds the lease. It is asked again every `stepMs` until it answers, for at most
 * `waitMs`; its last look is told it is `late`, so it may settle for what it has.
 */
export async function renewedByOne<T>(
  look: (late: boolean) => Promise<RenewalStep<T>>,
  wait: RenewalWait,
): Promise<T> {
  const deadline = Date.now() + wait.waitMs;
  for (;;) {
    const late = Date.now() > deadline;
    const step = await look(late);
    if (step !== 'wait') return step.use;
    if (late) throw wait.timedOut();
    await sleep(wait.stepMs);
  }
}
