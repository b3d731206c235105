/**
 * The figures `npm run bench` reports (the engine's in process, the API's per database), their targets
 * (issue "Speed to the limit", docs/performance.md), and where each run leaves them: BENCH_RESULT_FILE
 * for bench/run.ts to gather, and `.bench/last-run.json` for the next run to print beside its own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One database's figures, milliseconds unless named otherwise. */
export type ApiFigures = {
  coldLeadMs: number;
  /** The server's CPU for the cold request (with BENCH_COLD_STARTS: medians of the starts, wall and CPU). */
  coldLeadCpuMs: number;
  coldTimeInStateMs: number;
  coldTimeInStateCpuMs: number;
  coldFlowMs: number;
  coldFlowCpuMs: number;
  /** The slowest of the other analyses a page asks, each once after the cold sequence. */
  coldOtherSlowestMs: number;
  warmP99Ms: number;
  warmPerSecond: number;
  /** The server's CPU time a warm answer (at full concurrency), microseconds: the least noisy figure. */
  serverCpuUs: number;
  peakRssMb: number;
};
/** The engine's CPU time (median of its runs, ms) for each analysis on the server's columns. */
export type EngineFigures = {
  leadTimeMs: number;
  timeInStateMs: number;
  issuesInColumnMs: number;
  columnStatsMs: number;
  flowReportMs: number;
  flowPoliciesMs: number;
  /** The same on moves whose timeline is kept, as the server's loaded board version (built once). */
  flowPoliciesKeptMs: number;
};
/** Figures by section: 'Engine', or a database's name for the API's. */
export type RunFigures = Record<string, Record<string, number>>;

/** `bound` null: a figure printed beside the others with no target of its own (the server's CPU of a cold answer). */
type Target = {
  label: string;
  bound: ((dialect: string) => number) | null;
  better: 'lower' | 'higher';
  unit: string;
};

const SERVER_CPU_FOR_IT: Target = { label: '  server CPU for it', bound: null, better: 'lower', unit: 'ms' };

const engine = (label: string): Target => ({
  label: `${label}, CPU median`,
  bound: () => 150,
  better: 'lower',
  unit: 'ms',
});

export const ENGINE_TARGETS: Record<keyof EngineFigures, Target> = {
  leadTimeMs: engine('lead time'),
  timeInStateMs: engine('time in state'),
  issuesInColumnMs: engine('issues in a column'),
  columnStatsMs: engine('column stats'),
  flowReportMs: engine('Flow report'),
  flowPoliciesMs: engine('Flow report with policies'),
  flowPoliciesKeptMs: engine('Flow report with policies, timeline kept'),
};

export const TARGETS: Record<keyof ApiFigures, Target> = {
  coldLeadMs: { label: 'cold first /api/leadtime/', bound: () => 300, better: 'lower', unit: 'ms' },
  coldLeadCpuMs: SERVER_CPU_FOR_IT,
  coldTimeInStateMs: {
    label: 'cold /api/timeinstate/ next (walks the stays)',
    bound: () => 150,
    better: 'lower',
    unit: 'ms',
  },
  coldTimeInStateCpuMs: SERVER_CPU_FOR_IT,
  coldFlowMs: { label: 'cold /api/flow/ with policies', bound: () => 150, better: 'lower', unit: 'ms' },
  coldFlowCpuMs: SERVER_CPU_FOR_IT,
  coldOtherSlowestMs: {
    label: 'each other analysis once, the slowest',
    bound: () => 150,
    better: 'lower',
    unit: 'ms',
  },
  warmP99Ms: { label: 'warm p99 @ 200 req/s (lead time)', bound: () => 10, better: 'lower', unit: 'ms' },
  warmPerSecond: {
    label: 'warm answers/s, 32 in flight',
    bound: (dialect) => (dialect === 'PostgreSQL' ? 3000 : 5000),
    better: 'higher',
    unit: '/s',
  },
  serverCpuUs: {
    label: 'server CPU a warm answer',
    bound: (dialect) => 1e6 / (TARGETS.warmPerSecond.bound?.(dialect) ?? Number.NaN),
    better: 'lower',
    unit: 'µs',
  },
  peakRssMb: { label: 'server peak RSS', bound: () => 300, better: 'lower', unit: 'MB' },
};

/**
 * Adds figures to a section of BENCH_RESULT_FILE (when bench/run.ts asked for them): the engine's two
 * benchmarks each add theirs to 'Engine', each database its own section.
 */
export function writeFigures(section: string, figures: Partial<ApiFigures> | Partial<EngineFigures>): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (!file) return;
  const all: RunFigures = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  all[section] = { ...all[section], ...(figures as Record<string, number>) };
  writeFileSync(file, JSON.stringify(all));
}

export const readFigures = (file: string): RunFigures =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunFigures) : {};

/** Where the last run's figures of this checkout are kept (git-ignored). */
export const LAST_RUN_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '.bench', 'last-run.json');

/** This run's figures replace the previous run's section by section (a SQLite-only run keeps PostgreSQL's). */
export function saveLastRun(figures: RunFigures): void {
  mkdirSync(dirname(LAST_RUN_FILE), { recursive: true });
  const kept = { ...readLastRun()?.figures, ...figures };
  writeFileSync(LAST_RUN_FILE, JSON.stringify({ at: new Date().toISOString(), figures: kept }, null, 1));
}

export function readLastRun(): { at: string; figures: RunFigures } | null {
  return existsSync(LAST_RUN_FILE) ? JSON.parse(readFileSync(LAST_RUN_FILE, 'utf8')) : null;
}

const format = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(1);

/**
 * The table: each figure beside its target, the base revision's rounds (if any), this checkout's rounds,
 * and the previous run's; a ✓ when this checkout's best round meets the target.
 */
export function printFigures(
  head: RunFigures[],
  base: RunFigures[],
  previous: { at: string; figures: RunFigures } | null,
  baseName: string | null,
): void {
  const sections = [...new Set([...head, ...base].flatMap((r) => Object.keys(r)))];
  for (const dialect of sections) {
    const targets: Record<string, Target> = dialect === 'Engine' ? ENGINE_TARGETS : TARGETS;
    const headers = [
      'figure'.padEnd(42),
      'target'.padStart(9),
      ...(baseName ? [`base ${baseName}`.padStart(22)] : []),
      'this checkout'.padStart(22),
      'previous run'.padStart(13),
    ];
    console.log(`\n${dialect}: ${headers.join(' ')}`);
    for (const [key, target] of Object.entries(targets)) {
      if (![...head, ...base].some((r) => r[dialect]?.[key] !== undefined)) continue;
      const rounds = (runs: RunFigures[]) => runs.map((r) => r[dialect]?.[key]);
      const mine = rounds(head).filter((v): v is number => v !== undefined);
      const best = target.better === 'lower' ? Math.min(...mine) : Math.max(...mine);
      const bound = target.bound?.(dialect) ?? null;
      const met =
        bound === null
          ? null
          : mine.length > 0 && (target.better === 'lower' ? best <= bound : best >= bound);
      const mark = met === null ? ' ' : met ? '✓' : '✗';
      const cells = [
        `${target.label} (${target.unit})`.padEnd(42),
        (bound === null ? '' : `${target.better === 'lower' ? '≤' : '≥'} ${format(bound)}`).padStart(9),
        ...(baseName ? [rounds(base).map(format).join(', ').padStart(22)] : []),
        `${rounds(head).map(format).join(', ')} ${mark}`.padStart(22),
        format(previous?.figures[dialect]?.[key]).padStart(13),
      ];
      console.log(`  ${cells.join(' ')}`);
    }
  }
  if (previous) console.log(`(previous run: ${previous.at})`);
}
