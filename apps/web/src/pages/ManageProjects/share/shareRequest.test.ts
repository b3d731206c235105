import { describe, expect, it } from 'vitest';
import { filterSummary } from '../../../lib/filterSummary.ts';
import { filterFromParams } from '../../../lib/itemFilter.ts';
import { shareRequest } from './shareRequest.ts';

const fromPage = filterFromParams(
  new URLSearchParams('label=bug&label=ux&type=pull_request&assignee=octo-bob&from=2026-10-01'),
);

describe('share link request', () => {
  it("carries the page's window and its URL filters", () => {
    const request = shareRequest('PVT_1', { days: 14, lifetime: 7, filter: fromPage });
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      project: 'PVT_1',
      filters: {
        days: 14,
        label: ['bug', 'ux'],
        not_label: [],
        milestone: [],
        type: ['pull_request'],
        issue_type: [],
        field_value: [],
        repo: [],
        assignee: ['octo-bob'],
        from: '2026-10-01',
      },
      expires_in_days: 7,
    });
  });

  it('from Manage Projects, the window alone', () => {
    expect(shareRequest('PVT_1', { days: 30, lifetime: 30, filter: null })).toEqual({
      project: 'PVT_1',
      filters: { days: 30 },
      expires_in_days: 30,
    });
  });
});

describe('filter summary', () => {
  it('names each filter that is on, and nothing when none is', () => {
    expect(filterSummary(fromPage)).toEqual([
      'label "bug" or "ux"',
      'assignee "octo-bob"',
      'type pull request',
      'from 2026-10-01',
    ]);
    const answer = {
      label: [],
      not_label: ['wontfix'],
      milestone: [],
      type: [],
      repo: [],
      assignee: [],
      to: '2026-11-01',
    };
    expect(filterSummary(answer)).toEqual(['without label "wontfix"', 'to 2026-11-01']);
    expect(filterSummary(filterFromParams(new URLSearchParams('days=30')))).toEqual([]);
  });
});
