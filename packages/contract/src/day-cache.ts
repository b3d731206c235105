/**
 * Numbers per day number (days since 1970-01-01), NaN when not known yet: a typed array that grows to
 * the days asked for, so the calendar's per-day facts cost an index, not a Map lookup, per instant
 * (a million stays a request). A span of more than MAX_SPAN days starts it afresh.
 */
export class DayCache {
  private base = 0;
  private values = new Float64Array(0);
  private static readonly MAX_SPAN = 200_000;

  get(day: number): number {
    const i = day - this.base;
    return i >= 0 && i < this.values.length ? (this.values[i] as number) : Number.NaN;
  }

  set(day: number, value: number): number {
    let i = day - this.base;
    if (!(i >= 0 && i < this.values.length)) {
      this.grow(day);
      i = day - this.base;
    }
    this.values[i] = value;
    return value;
  }

  private grow(day: number): void {
    const empty = this.values.length === 0;
    const first = empty ? day - 512 : Math.min(this.base, day - 512);
    const end = empty ? day + 512 : Math.max(this.base + this.values.length, day + 512);
    if (end - first > DayCache.MAX_SPAN) {
      this.base = day - 512;
      this.values = new Float64Array(1024).fill(Number.NaN);
      return;
    }
    const values = new Float64Array(end - first).fill(Number.NaN);
    if (!empty) values.set(this.values, this.base - first);
    this.base = first;
    this.values = values;
  }
}
