import type { BoardSummary } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { cardTone, daysOrNotAvailable, flowLink, itemLabel, riskTone, stuckItemLink } from './boardCards.ts';

const ref = { project_id: 'PVT_1', title: 'Board', is_demo: false };
const ok = (severity: 'critical' | 'warning' | 'good' | 'info'): BoardSummary => ({
  ...ref,
  status: 'ok',
  throughput_per_week: 3,
  cycle_time_p85: 4,
  wip: 4,
  wip_at_risk: 1,
  bottleneck: null,
  oldest_item: null,
  insight: { severity, message: 'm', confidence: 1 },
});

describe('board card links', () => {
  it('link the stuck item to Issues in Columns on its project and column, encoded', () => {
    expect(stuckItemLink('PVT_1', 'In Review')).toBe('/issues-in-columns?project=PVT_1&column=In+Review');
    const link = new URL(stuckItemLink('PVT_a&b=c', 'To do / ready?'), 'http://x');
    expect(link.searchParams.get('project')).toBe('PVT_a&b=c');
    expect(link.searchParams.get('column')).toBe('To do / ready?');
  });

  it('link the board to its Flow page', () => {
    expect(flowLink('PVT_1')).toBe('/flow?project=PVT_1');
  });
});

describe('board card texts', () => {
  it('name the item by number, else by its title cut to 40 characters, else as untitled', () => {
    expect(itemLabel({ number: 12, title: 'Fix login' })).toBe('#12');
    expect(itemLabel({ number: null, title: 'Fix login' })).toBe('Fix login');
    expect(itemLabel({ number: null, title: 'x'.repeat(50) })).toBe(`${'x'.repeat(40)}…`);
    expect(itemLabel({ number: null, title: '  ' })).toBe('Untitled item');
  });

  it('show days with one decimal, N/A without a value', () => {
    expect(daysOrNotAvailable(4.26)).toBe('4.3 days');
    expect(daysOrNotAvailable(0)).toBe('0 days');
    expect(daysOrNotAvailable(null)).toBe('N/A');
  });
});

describe('board card colours', () => {
  it('colour the oldest item by its aging risk', () => {
    expect(riskTone('critical')).toBe('danger');
    expect(riskTone('at_risk')).toBe('danger');
    expect(riskTone('watch')).toBe('attention');
    expect(riskTone('on_track')).toBe('success');
    expect(riskTone('unknown')).toBe('neutral');
  });

  it('accent the card with its insight’s severity; calm without data, amber when it failed', () => {
    expect(cardTone(ok('critical'))).toBe('danger');
    expect(cardTone(ok('warning'))).toBe('attention');
    expect(cardTone(ok('good'))).toBe('success');
    expect(cardTone(ok('info'))).toBe('neutral');
    expect(cardTone({ ...ref, status: 'no_data' })).toBe('neutral');
    expect(cardTone({ ...ref, status: 'failed', message: 'x' })).toBe('attention');
  });
});
