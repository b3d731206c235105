import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE } from '../insights/insight.ts';
import { buildTimeInStateReport } from './time-in-state.ts';
import { COLUMNS, item, jan, NOW, TRANSITIONS } from '../fixtures/worked-example.fixture.ts';

const items = [
  item(6, 'In Progress', jan(9)),
  item(7, 'Review', jan(9)),
  item(8, 'Backlog', jan(9)),
  item(1, 'Done', jan(8)),
];
const input = { columns: COLUMNS, transitions: TRANSITIONS, now: NOW, items, days: 7 };

describe('buildTimeInStateReport (docs/metrics.md worked example)', () => {
  it('mean stay per column of stays ended in the trailing window; done is not measured', () => {
    const report = buildTimeInStateReport(input);
    expect(report['2024-01-10']).toEqual({
      timeinstate: { Backlog: 1, Ready: 0, 'In Progress': 1.92, Review: 1.25 },
    });
    expect(report['2024-01-02']).toEqual({
      timeinstate: { Backlog: 1, Ready: 1, 'In Progress': 0, Review: 0 },
    });
    expect(Object.keys(report).slice(0, 1)).toEqual(['2024-01-02']);
  });

  it('metrics and insight', () => {
    const report = buildTimeInStateReport(input);
    expect(report.metrics).toEqual({
      time_intensive_column: 'In Progress',
      stage_intensity: 1.53,
      // Committed work only (§14): Backlog's stay and the item waiting there count in neither ratio.
      active_work_ratio: 100,
      queue_health_ratio: 0,
      // The board's bottleneck as Flow and Home name it: the tiles' column and intensity.
      bottleneck: { column: 'In Progress', days: 1.92, intensity: 1.53, samples: 8, window_days: 7 },
      performance_insight: {
        severity: 'mixed',
        message:
          "'In Progress' takes 1.9 days per stay, 1.53x the other in-progress columns, last 7 days (iteration).",
        // The eight in-progress stays the ratio and the bottleneck read; Backlog's stay lends no confidence.
        confidence: 0.44,
        sample: 8,
      },
      history_gaps: { finished: 4, without_cycle_start: 0, without_board_entry: 0 },
    });
    expect(report.column_classification).toEqual({
      productive: ['In Progress', 'Review'],
      waiting: ['Backlog', 'Ready'],
    });
  });

  it("names the iteration's bottleneck whatever the page's window, and that window beside it", () => {
    const iteration = buildTimeInStateReport(input);
    for (const days of [2, 30, 90]) {
      const report = buildTimeInStateReport({ ...input, days, storyDays: 7 });
      expect(report.metrics.bottleneck, `days=${days}`).toEqual(iteration.metrics.bottleneck);
      expect(report.metrics.time_intensive_column).toBe(iteration.metrics.time_intensive_column);
      expect(report.metrics.stage_intensity).toBe(iteration.metrics.stage_intensity);
    }
    // Over its own 2 days the page has other stays: the bottleneck's window is said beside it.
    const short = buildTimeInStateReport({ ...input, days: 2, storyDays: 7 });
    expect(short.metrics.performance_insight.message).toContain('last 7 days (iteration)');
    const wide = buildTimeInStateReport({ ...input, days: 30, storyDays: 7 });
    expect(wide.metrics.performance_insight.message).toBe(
      "'In Progress' takes 1.9 days per stay, 1.53x the other in-progress columns, last 7 days (iteration).",
    );
    // Without storyDays the page's window is the bottleneck's (the engine's callers before it).
    expect(buildTimeInStateReport({ ...input, days: 2 }).metrics.bottleneck?.window_days).toBe(2);
  });

  it('honours the team classification in the active work ratio, queue health and the listed columns', () => {
    // Review's stays in the window sum to 2.5 of the 14 committed days; the item in Review now becomes waiting.
    const report = buildTimeInStateReport({ ...input, classification: { Review: 'waiting' } });
    expect(report.metrics.active_work_ratio).toBe(82.1);
    expect(report.metrics.queue_health_ratio).toBe(0.5);
    expect(report.column_classification).toEqual({
      productive: ['In Progress'],
      waiting: ['Backlog', 'Ready', 'Review'],
    });
    const backlogWorked = buildTimeInStateReport({
      ...input,
      classification: { Review: 'waiting', Backlog: 'productive' },
    });
    // Backlog now productive is the first productive column: the commitment point moves there (§14).
    expect(backlogWorked.metrics.active_work_ratio).toBe(83.3);
    expect(backlogWorked.metrics.queue_health_ratio).toBe(0.33);
  });

  it('has no active work ratio, not 0 %, when only backlog stays ended in the window', () => {
    // Item 1's Backlog stay ends on Jan 2; its In Progress stay is still open on Jan 3.
    const transitions = TRANSITIONS.filter((t) => t.itemId === '1' && t.at <= jan(2));
    const report = buildTimeInStateReport({ ...input, transitions, now: jan(3), items: [] });
    expect(report['2024-01-02']).toBeDefined();
    expect(report.metrics.active_work_ratio).toBeNull();
    expect(report.metrics.performance_insight.severity).toBe('info');
    expect(report.metrics.performance_insight.message).toBe(
      'No stay in an in-progress column ended in the last 7 days: the share of active work needs one.',
    );
    // Nothing behind it: no "Confidence: 9% (a sample of 1)" counting the Backlog stay (issue 31's partial board).
    expect(report.metrics.performance_insight.sample).toBe(0);
    expect(report.metrics.performance_insight.confidence).toBe(0);
  });

  it('the fallback answer lists the team classification too', () => {
    const report = buildTimeInStateReport({
      ...input,
      now: jan(1, 12),
      classification: { Ready: 'productive' },
    });
    expect(report.column_classification).toEqual({
      productive: ['Ready', 'In Progress', 'Review'],
      waiting: ['Backlog'],
    });
    // Backlog stays before the commitment point (Ready, the first productive column): not a queue.
    expect(report.metrics.queue_health_ratio).toBe(0);
    const committedBacklog = buildTimeInStateReport({
      ...input,
      now: jan(1, 12),
      cycleStartColumn: 'Backlog',
    });
    expect(committedBacklog.metrics.queue_health_ratio).toBe(0.33);
  });

  it('falls back when no stay has ended yet', () => {
    const report = buildTimeInStateReport({ ...input, now: jan(1, 12) });
    expect(Object.keys(report)).toEqual(['metrics', 'column_classification']);
    expect(report.metrics.performance_insight.message).toBe(FALLBACK_MESSAGE);
    expect(report.metrics.queue_health_ratio).toBe(0);
  });

  it('says nothing of queue health when no committed item is open: N/A like its neighbours, not Healthy (issue 31)', () => {
    // A board whose history GitHub lost, its work all done or not yet committed: no stay known, no queue to judge.
    const idle = [item(8, 'Backlog', jan(9)), item(1, 'Done', jan(8))];
    const fallback = buildTimeInStateReport({ ...input, items: idle, now: jan(1, 12) });
    expect(fallback.metrics.active_work_ratio).toBeNull();
    expect(fallback.metrics.queue_health_ratio).toBeNull();
    const measured = buildTimeInStateReport({ ...input, items: idle });
    expect(measured.metrics.queue_health_ratio).toBeNull();
    expect(measured.metrics.performance_insight.message).not.toContain('waiting in queues');
  });

  it('a bottleneck column is critical', () => {
    const slow = [
      { itemId: 'x', from: null, to: 'Backlog', at: jan(1) },
      { itemId: 'x', from: 'Backlog', to: 'In Progress', at: jan(1, 12) },
      { itemId: 'x', from: 'In Progress', to: 'Review', at: jan(2) },
      { itemId: 'x', from: 'Review', to: 'Done', at: jan(9) },
    ];
    const report = buildTimeInStateReport({ ...input, transitions: slow, items: [], days: 14 });
    expect(report.metrics.time_intensive_column).toBe('Review');
    expect(report.metrics.stage_intensity).toBe(14);
    expect(report.metrics.performance_insight.severity).toBe('critical');
    expect(report.metrics.performance_insight.message).toContain("Bottleneck in 'Review'");
  });
});
