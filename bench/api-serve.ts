/**
 * The API benchmark's server process (bench/api-load.ts starts it): the app on the seeded database, on a
 * real port, answering the load generator's IPC questions (peak RSS, CPU time, event-loop delay and GC).
 * It runs as production does, bundled and started with plain node (bench/api-serve-main.ts); the
 * server's modules are handed in, so that the same code also runs under tsx for a revision the bundler
 * cannot take (bench/serve-bundle.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { preloadBoards, warmUpCode } from '../apps/server/src/analytics/preload.ts';
import type { buildApp } from '../apps/server/src/app.ts';
import type { loadConfig } from '../apps/server/src/config.ts';
import type { openDatabase } from '../apps/server/src/db/connection.ts';

/** What the load generator hands the server process. */
export type ServeOptions = {
  databaseUrl: string | null;
  dataDir: string;
  secrets: Record<string, string>;
  now: number;
};

/** The measured revision's server modules. */
export type ServerCode = {
  buildApp: typeof buildApp;
  loadConfig: typeof loadConfig;
  openDatabase: typeof openDatabase;
  /** The start's warm-up (absent from revisions before it): run only when asked (`preload`). */
  preloadBoards?: typeof preloadBoards;
  /** The start's code warm-up (absent from revisions before it). */
  warmUpCode?: typeof warmUpCode;
};

export async function serve(
  options: ServeOptions,
  { buildApp, loadConfig, openDatabase, preloadBoards, warmUpCode }: ServerCode,
): Promise<void> {
  const handle = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  // BENCH_RESULT_TTL_MS: results expire during the warm runs (what an expiry costs the tail).
  const ttl = process.env.BENCH_RESULT_TTL_MS ? { RESULT_CACHE_TTL_MS: process.env.BENCH_RESULT_TTL_MS } : {};
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'silent', ...ttl, ...options.secrets });
  const started = Date.now();
  // The board's own "now" moving with real time, so the result cache's expiry behaves as in production;
  // BENCH_FIXED_NOW=1: the board's "now" still, so that two revisions' answers can be compared byte for byte.
  const now = process.env.BENCH_FIXED_NOW ? () => options.now : () => options.now + (Date.now() - started);
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, now }, { webRoot: null });
  // As the server's start does (server.ts): items read ahead after an answer that needed none (absent
  // from revisions before it). BENCH_VIEWS_AHEAD=0 leaves it off.
  if (process.env.BENCH_VIEWS_AHEAD !== '0')
    (app.analytics as { viewsAhead?: { start(): void } }).viewsAhead?.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  // As the server's start does: the kept database connections opened ahead (absent before 1 Dec).
  (handle as { openConnections?: () => Promise<void> })
    .openConnections?.()
    .catch((error: unknown) => console.error('opening connections failed:', error));
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  let session: Session | null = null;
  process.on('message', async (message) => {
    if (message === 'stats') {
      process.send?.({ rssMb: peakRssMb(), memory: memoryMb() });
    } else if (message === 'gc') {
      // Memory analysis (bench/memory-sequence.ts, BENCH_GC=1): a full collection before the figures.
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      process.send?.('collected');
    } else if (typeof message === 'string' && message.startsWith('heap ')) {
      process.send?.(writeHeapSnapshot(message.slice(5)));
    } else if (message === 'sample') {
      // Memory analysis: every allocation sampled from now, collected or not (the inspector's sampling heap profiler).
      session = new Session();
      session.connect();
      session.post(
        'HeapProfiler.startSampling',
        {
          samplingInterval: 16384,
          // BENCH_SAMPLE_SURVIVORS=1: only what a scavenge did not collect (what grows the old generation);
          // with BENCH_SAMPLE_LIVE=1 too, only what no collection did (what is still held at the end).
          includeObjectsCollectedByMajorGC: process.env.BENCH_SAMPLE_LIVE !== '1',
          includeObjectsCollectedByMinorGC: process.env.BENCH_SAMPLE_SURVIVORS !== '1',
        } as object,
        () => process.send?.('sampling'),
      );
    } else if (typeof message === 'string' && message.startsWith('sampled ')) {
      const sampling = session;
      sampling?.post('HeapProfiler.stopSampling', (error, result) => {
        writeFileSync(message.slice(8), JSON.stringify((result as { profile: unknown }).profile));
        sampling.disconnect();
        process.send?.(error ? String(error) : 'written');
      });
    } else if (message === 'cpu') {
      process.send?.(cpuMs());
    } else if (message === 'watch') {
      watch.start();
      process.send?.('watching');
    } else if (message === 'watched') {
      process.send?.(watch.stop());
    } else if (message === 'settled') {
      // The work read ahead after the cold requests (views-ahead.ts) done: what it held the loop for is
      // measured apart, not in the first warm run that gives it a quiet moment.
      const ahead = (app.analytics as { viewsAhead?: { settled(): Promise<void> } }).viewsAhead;
      await ahead?.settled();
      process.send?.('settled');
    } else if (message === 'preload') {
      // The start's warm-up, done before it answers (BENCH_PRELOAD); the bench's server does not start it itself.
      const ctx = { config, db: handle.db, dialect: handle.dialect, now, analytics: app.analytics };
      await preloadBoards?.(ctx);
      process.send?.('preloaded');
    } else if (message === 'stop') {
      await app.close();
      await handle.close();
      process.exit(0);
    }
  });
  // As the server's start does (preload.ts), the analyses' code warmed up before the first request;
  // BENCH_CODE_WARM_UP=0 measures a request that arrives before it (absent from revisions before it).
  if (warmUpCode && process.env.BENCH_CODE_WARM_UP !== '0') {
    const [started, cpu] = [performance.now(), cpuMs()];
    const ctx = { config, db: handle.db, dialect: handle.dialect, now, analytics: app.analytics };
    const { rounds } = await warmUpCode(ctx);
    const ms = (performance.now() - started).toFixed(0);
    console.log(`code warm-up: ${rounds} rounds in ${ms} ms, server CPU ${(cpuMs() - cpu).toFixed(0)} ms`);
  }
  process.send?.({ url: `http://127.0.0.1:${address.port}` });
}

/** What the server's event loop went through while watched: how late it ran, and the GC pauses. */
export type Watched = {
  delayP99Ms: number;
  delayMaxMs: number;
  gcs: number;
  gcMs: number;
  gcMaxMs: number;
  majorGcs: number;
  /** The server's CPU time meanwhile: a recomputation shows here whatever the neighbours' load. */
  cpuMs: number;
};

/**
 * Where a warm tail comes from: the event loop's delay (perf_hooks, 1 ms resolution) and every GC pause
 * (a PerformanceObserver), while the open loop runs. A late event loop with long pauses is the server's
 * own; latencies far above both come from the machine (the load generator, the neighbours).
 */
const watch = (() => {
  let delay: IntervalHistogram | null = null;
  let pauses: { ms: number; major: boolean }[] = [];
  let cpuBefore = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      pauses.push({ ms: entry.duration, major: kind === 4 /* NODE_PERFORMANCE_GC_MAJOR */ });
    }
  });
  return {
    start() {
      pauses = [];
      delay = monitorEventLoopDelay({ resolution: 1 });
      delay.enable();
      observer.observe({ entryTypes: ['gc'] });
      cpuBefore = cpuMs();
    },
    stop(): Watched {
      delay?.disable();
      observer.disconnect();
      const ms = (ns: number | undefined) => (ns ?? Number.NaN) / 1e6;
      const watched = {
        delayP99Ms: ms(delay?.percentile(99)),
        delayMaxMs: ms(delay?.max),
        gcs: pauses.length,
        gcMs: pauses.reduce((sum, p) => sum + p.ms, 0),
        gcMaxMs: pauses.reduce((max, p) => Math.max(max, p.ms), 0),
        majorGcs: pauses.filter((p) => p.major).length,
        cpuMs: cpuMs() - cpuBefore,
      };
      delay = null;
      return watched;
    },
  };
})();

/**
 * The most this process has held (MB). Not `resourceUsage().maxRSS`: Linux carries a process's peak
 * over `exec`, so a forked server's counted the load generator's RSS at the fork (~260 MB on
 * PostgreSQL, its board generated); /proc's VmHWM is the peak of the server's own memory since exec.
 */
function peakRssMb(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // Not Linux: the process's own figure.
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** What the process holds now (MB): RSS, V8's heap, and the buffers outside it. */
export type MemoryMb = { rss: number; heap: number; arrayBuffers: number };

function memoryMb(): MemoryMb {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  return { rss: mb(rss), heap: mb(heapUsed), arrayBuffers: mb(arrayBuffers) };
}

/** CPU time (user + system) this process has used, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
