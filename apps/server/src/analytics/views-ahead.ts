import { performance } from 'node:perf_hooks';

/**
 * The items of a board, as one viewer sees them, read in the background after an answer that did not
 * need them was sent (lead time and time in state on a board's default settings read none): the next
 * analysis that reads them (the Flow report, the Issues page) finds them loaded, their visibility
 * decided and redacted, instead of paying it in its own request (docs/performance.md, "Cold answers").
 * Each step waits for a quiet moment of the event loop (`quietMoment`): requests arriving one after the
 * other go first, and a step (the items' read, their decoding, the viewer's redaction) holds the loop
 * only while nothing else asked for it.
 *
 * Once per (board, viewer) in a process: the first answer that needed no items is the cold case this is
 * for. After that, a newer version's items are a refresh of the ones held (the moves and items changed
 * since), cheap in the request that asks for them, while a step run ahead holds the event loop for tens of
 * milliseconds: run after every recorded move, it cost the warm answers arriving meanwhile their p99
 * (lead time at 200 req/s on the 100,000-issue board, SQLite: 2.8 → 42 ms).
 *
 * Off until started (`start`): the server's start turns it on (server.ts); an app built for a test runs
 * nothing in the background unless the test starts it.
 */
export class ViewsAhead {
  #on = false;
  /** The viewers read ahead, or being read, by board; bounded by VIEWS_KEPT pairs (the oldest boards go first). */
  readonly #done = new Map<string, Set<string>>();
  #pairs = 0;
  #running: Promise<void> = Promise.resolve();

  start(): void {
    this.#on = true;
  }

  /** Stops before the next step of the work in progress; nothing new starts. */
  stop(): void {
    this.#on = false;
  }

  get started(): boolean {
    return this.#on;
  }

  /** The work in progress (tests). */
  settled(): Promise<void> {
    return this.#running;
  }

  /** Whether (`board`, `viewer`) is still to be read ahead: asked first by every warm answer, so nothing is built for it. */
  wants(board: string, viewer: string): boolean {
    return this.#on && this.#done.get(board)?.has(viewer) !== true;
  }

  /**
   * Runs `steps` once per (`board`, `viewer`), one after the other, each in a quiet moment after the
   * answer in progress is sent. A failure is left to the request that meets it again (and the pair may
   * be read ahead again).
   */
  schedule(board: string, viewer: string, steps: readonly (() => Promise<unknown>)[]): void {
    if (!this.wants(board, viewer)) return;
    this.#remember(board, viewer);
    const run = async () => {
      for (const step of steps) {
        if (!(await quietMoment()) || !this.#on) return;
        await step();
      }
    };
    this.#running = this.#running.then(run).catch(() => {
      // Read again by the request that needs it, which answers the error.
      this.#forget(board, viewer);
    });
  }

  #remember(board: string, viewer: string): void {
    let viewers = this.#done.get(board);
    if (!viewers) {
      viewers = new Set();
      this.#done.set(board, viewers);
    }
    viewers.add(viewer);
    this.#pairs++;
    while (this.#pairs > VIEWS_KEPT) {
      const [oldest, forgotten] = this.#done.entries().next().value as [string, Set<string>];
      this.#done.delete(oldest);
      this.#pairs -= forgotten.size;
    }
  }

  #forget(board: string, viewer: string): void {
    if (this.#done.get(board)?.delete(viewer)) this.#pairs--;
  }
}

const VIEWS_KEPT = 1_024;

/** A quiet moment: a window of QUIET_MS in which the event loop was busy less than QUIET_BUSY of the time. */
const QUIET_MS = 25;
const QUIET_BUSY = 0.25;
/** Given up after this many busy windows (a server under steady load reads items with its requests). */
const QUIET_TRIES = 400;

/** Waits for a quiet moment of the event loop; false when none came within QUIET_TRIES windows. */
async function quietMoment(): Promise<boolean> {
  for (let tries = 0; tries < QUIET_TRIES; tries++) {
    const before = performance.eventLoopUtilization();
    // Unreferenced: a process that is done does not wait for the work ahead.
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS).unref());
    if (performance.eventLoopUtilization(before).utilization < QUIET_BUSY) return true;
  }
  return false;
}
