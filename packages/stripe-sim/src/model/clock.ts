/** The simulator's clock: a base clock (real time, or a test's) plus whatever the control API advanced. */
export class SimClock {
  private offset = 0;

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.base() + this.offset;
  }

  /** Stripe timestamps are Unix seconds. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  /** How far the control API moved the clock ahead of its base (kept in a state file). */
  get advanced(): number {
    return this.offset;
  }

  /** Restores a saved advance: the simulator's clock after a restart is where it was. */
  restoreAdvance(ms: number): void {
    this.offset = ms;
  }
}
