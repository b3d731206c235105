export type ClockMode = 'real' | 'manual';

/** The scenario clock: real time plus an offset, or a manual time that moves only when told. */
export class SimClock {
  readonly mode: ClockMode;
  private offset = 0;
  private manualNow: number;

  constructor(mode: ClockMode = 'real', start: number = Date.now()) {
    this.mode = mode;
    this.manualNow = start;
  }

  now(): number {
    return this.mode === 'manual' ? this.manualNow : Date.now() + this.offset;
  }

  advance(ms: number): number {
    if (ms < 0) throw new Error('the clock only moves forward');
    if (this.mode === 'manual') this.manualNow += ms;
    else this.offset += ms;
    return this.now();
  }

  set(at: number): number {
    return this.advance(Math.max(0, at - this.now()));
  }
}
