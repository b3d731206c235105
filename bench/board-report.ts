/**
 * Board report benchmark (docs/performance.md): `buildBoardReport`, the CLI's whole report (per-item
 * entries, lead and cycle times, percentiles, CFD, throughput, scatter, histogram), on gen_board-style
 * boards of 10,000 and 100,000 issues (8 columns, 8.4 moves an issue), in process. Each size runs in its own
 * child with `--single-threaded-gc`, so the process CPU time is one core's even on a busy machine.
 * Then the CLI on the same board written as a file, with `--stats` (parse, engine, output, peak memory):
 * the figure to compare with another tool run on that file. Sizes: BENCH_REPORT_SIZES=10000,100000.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BoardFile,
  buildBoardReport,
  type ParsedBoard,
  toTransitionColumns,
} from '../packages/flow/src/index.ts';
import { type GeneratedBoard, generateBoard } from './generate-board.ts';

const MOVES_PER_ISSUE = 8.4;
const TARGET_MS: Record<number, number> = { 10000: 25, 100000: 350 };
type Timing = { issues: number; moves: number; median: number; min: number; cpu: number; cpuMin: number };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] as number;

function board(issues: number): GeneratedBoard {
  return generateBoard({ issues, transitions: Math.round(issues * MOVES_PER_ISSUE), days: 730 });
}

/** The board as the CLI's `parseBoardFile` gives it: transitions as columns. */
function parsed(g: GeneratedBoard): ParsedBoard {
  return {
    columns: g.columns,
    cycleStartColumn: g.cycleStartColumn,
    keys: g.items.map((i) => i.id),
    transitions: toTransitionColumns(g.transitions),
  };
}

/** The child: times the report `runs` times after two warm-up runs. */
function timeReport(issues: number): Timing {
  const input = parsed(board(issues));
  const moves = (input.transitions as { count: number }).count;
  const runs = issues <= 10_000 ? 31 : 9;
  for (let i = 0; i < 2; i++) buildBoardReport(input);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    if (buildBoardReport(input).items.length !== issues) throw new Error('report lost items');
    walls.push(performance.now() - start);
    const spent = process.cpuUsage(cpu);
    cpus.push((spent.user + spent.system) / 1000);
  }
  return {
    issues,
    moves,
    median: median(walls),
    min: Math.min(...walls),
    cpu: median(cpus),
    cpuMin: Math.min(...cpus),
  };
}

function boardFile(g: GeneratedBoard): BoardFile {
  const items = new Map(
    g.items.map((i) => [i.id, [] as NonNullable<BoardFile['items'][number]['transitions']>]),
  );
  for (const t of g.transitions)
    items.get(t.itemId)?.push({ at: new Date(t.at).toISOString(), from: t.from, to: t.to });
  return {
    columns: g.columns,
    cycle_start: g.cycleStartColumn,
    done: 'Done',
    items: [...items].map(([key, transitions]) => ({ key, transitions })),
  };
}

/** The CLI on the board as a file: its own --stats line. */
function runCli(issues: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'flow-bench-'));
  try {
    const file = join(dir, 'board.json');
    writeFileSync(file, JSON.stringify(boardFile(board(issues))));
    const cli = fileURLToPath(new URL('../packages/flow/src/cli.ts', import.meta.url));
    const out = spawnSync(process.execPath, ['--import', 'tsx', cli, file, '--stats'], {
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (out.status !== 0) throw new Error(`cli failed: ${out.stderr}`);
    return out.stderr.trim().replace(/^flow: /, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function benchBoardReport(): void {
  const sizes = (process.env.BENCH_REPORT_SIZES ?? '10000,100000').split(',').map(Number);
  console.log(
    `\nboard report (buildBoardReport, the CLI's engine): gen_board-style boards, 8 columns, ${MOVES_PER_ISSUE} moves an issue; one core (--single-threaded-gc)`,
  );
  console.log(
    'issues'.padEnd(9),
    'moves'.padStart(9),
    ...['median ms', 'min ms', 'cpu ms', 'cpu min', 'target'].map((h) => h.padStart(10)),
  );
  for (const issues of sizes) {
    const script = fileURLToPath(import.meta.url);
    const out = spawnSync(process.execPath, ['--single-threaded-gc', ...process.execArgv, script], {
      encoding: 'utf8',
      env: { ...process.env, BOARD_REPORT_ISSUES: String(issues) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (out.status !== 0) throw new Error(`board report at ${issues} failed`);
    const t = JSON.parse(out.stdout) as Timing;
    const cells = [t.median, t.min, t.cpu, t.cpuMin].map((ms) => ms.toFixed(1));
    const target = TARGET_MS[issues] ? `≤ ${TARGET_MS[issues]}` : '';
    console.log(
      String(issues).padEnd(9),
      String(t.moves).padStart(9),
      ...[...cells, target].map((c) => c.padStart(10)),
    );
  }
  for (const issues of sizes) console.log(`CLI --stats, ${issues} issues: ${runCli(issues)}`);
}

const childIssues = process.env.BOARD_REPORT_ISSUES;
if (childIssues) console.log(JSON.stringify(timeReport(Number(childIssues))));
else if (process.argv[1] === fileURLToPath(import.meta.url)) benchBoardReport();
