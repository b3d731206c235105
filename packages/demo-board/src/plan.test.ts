import { buildCalendar, buildIterationReport, planHistory } from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { generateDemoBoard } from './demo-board.ts';
import { generateDemoPlan } from './plan.ts';

const NOW = Date.parse('2025-03-10T15:30:00Z');
const DAY = 86_400_000;

describe('the demo board plan', () => {
  const board = generateDemoBoard({ now: NOW });
  const plan = generateDemoPlan(board, { now: NOW });

  it('has two-week iterations, today in the 7th day of one, completed ones before it', () => {
    const current = plan.iterations.find((i) => i.startDate === '2025-03-04');
    expect(current).toMatchObject({ duration: 14 });
    expect(
      plan.iterations.filter((i) => Date.parse(i.startDate) < Date.parse('2025-03-04')).length,
    ).toBeGreaterThanOrEqual(6);
    expect(new Set(plan.iterations.map((i) => i.id)).size).toBe(plan.iterations.length);
  });

  it('estimates most items in story points, some not, and changes nothing after today', () => {
    const latest = planHistory(plan.changes);
    const estimates = [...latest.values()].map((c) => c.at(-1)?.estimate ?? null);
    expect(estimates.filter((e) => e === null).length).toBeGreaterThan(0);
    expect(new Set(estimates.filter((e) => e !== null))).toEqual(new Set([1, 2, 3, 5, 8]));
    expect(Math.max(...plan.changes.map((c) => c.at))).toBeLessThanOrEqual(
      Date.parse('2025-03-10T00:00:00Z'),
    );
  });

  it('gives a believable iteration report: committed work, scope added and removed, most of it completed', () => {
    const completedAt = new Map(
      board.items.map((i) => {
        const done = i.transitions.filter((t) => t.to === 'Done').at(-1);
        const last = i.transitions.at(-1);
        return [i.id, done && last?.to === 'Done' ? Date.parse(done.at) : null];
      }),
    );
    const report = buildIterationReport({
      iterations: plan.iterations,
      plans: planHistory(plan.changes),
      completedAt,
      unit: 'estimate',
      now: NOW,
      knownSince: Math.min(...plan.changes.map((c) => c.at)),
      calendar: buildCalendar(),
    });
    expect(report.recent).toHaveLength(6);
    for (const it of report.recent) {
      expect(it.committed).toBeGreaterThan(0);
      expect(it.completed).toBeGreaterThan(0);
      expect(it.completed).toBeLessThanOrEqual(it.scope);
    }
    expect(report.recent.some((it) => it.added > 0)).toBe(true);
    expect(report.recent.some((it) => it.removed > 0)).toBe(true);
    expect(report.current?.days).toHaveLength(7);
    expect(
      generateDemoPlan(generateDemoBoard({ now: NOW + DAY }), { now: NOW + DAY }).iterations[0]?.startDate,
    ).not.toBe(plan.iterations[0]?.startDate);
  });
});
