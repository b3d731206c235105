import { afterEach, describe, expect, it, vi } from 'vitest';
import { printFigures } from './targets.ts';

describe('the figures table', () => {
  afterEach(() => vi.restoreAllMocks());

  const printed = (head: Record<string, number>[], base: Record<string, number>[]) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    printFigures(
      head.map((figures) => ({ SQLite: figures })),
      base.map((figures) => ({ SQLite: figures })),
      null,
      base.length ? 'abc123' : null,
    );
    return lines;
  };

  it("marks a figure by this checkout's best round against its target, beside the base's rounds", () => {
    const lines = printed(
      [{ coldLeadMs: 320 }, { coldLeadMs: 280 }],
      [{ coldLeadMs: 400 }, { coldLeadMs: 390 }],
    );
    const lead = lines.find((line) => line.includes('cold first /api/leadtime/'));
    expect(lead).toMatch(/≤ 300\s+400, 390\s+320, 280 ✓/);
    const missed = printed([{ coldFlowMs: 320 }], []).find((line) => line.includes('cold /api/flow/'));
    expect(missed).toMatch(/≤ 150\s+320 ✗/);
  });

  it('prints the server CPU of a cold answer under it, with no target and no mark', () => {
    const lines = printed([{ coldLeadMs: 250, coldLeadCpuMs: 300 }], []);
    const cpu = lines.find((line) => line.includes('server CPU for it'));
    expect(cpu).toBeDefined();
    expect(cpu).not.toMatch(/[✓✗≤≥]/);
    expect(cpu).toContain('300');
    expect(lines.findIndex((line) => line.includes('server CPU for it'))).toBe(
      lines.findIndex((line) => line.includes('cold first /api/leadtime/')) + 1,
    );
  });
});
