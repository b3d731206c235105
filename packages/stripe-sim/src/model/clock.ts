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
}
