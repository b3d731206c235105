/** A clock a test sets and advances; its own module so pure tests need not import the whole app. */
export type TestClock = { now: () => number; set(ms: number): void; advance(ms: number): void };

export function testClock(start = Date.UTC(2026, 10, 1)): TestClock {
  let current = start;
  return { now: () => current, set: (ms) => (current = ms), advance: (ms) => (current += ms) };
}
