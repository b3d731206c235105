import { describe, expect, it } from 'vitest';
import { stretchStart } from './compose.ts';
import type { FlowResponse } from '@fluxion/contract';
import { buildDigest, type Digest, firstLook, weeklyCompletions } from './digest.ts';
import { crossingsNews } from './crossings.ts';
import {
  type Alert,
  combineAlerts,
  completedLine,
  digestEmail,
  digestSubject,
  historyGapsLine,
  wipLine,
} from './messages.ts';
import { alertsSince } from './preferences.ts';
import { idempotencyKey, messageIdOf } from './jobs.ts';
import { currentDigestPeriod, digestStillDue, retryDelayMs } from './schedule.ts';
import { digestSlack, slackWebhookProblem } from './slack.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const at = (iso: string) => Date.parse(iso);

describe('the digest’s time: Monday 09:00 on the board’s clock', () => {
  it.each([
    ['2026-11-23T09:00:00Z', 'UTC', '2026-11-23', '2026-11-23T09:00:00.000Z'],
    ['2026-11-23T08:59:59Z', 'UTC', '2026-11-16', '2026-11-16T09:00:00.000Z'],
    ['2026-11-29T23:00:00Z', 'UTC', '2026-11-23', '2026-11-23T09:00:00.000Z'],
    // Paris is UTC+1 in November: 09:00 there is 08:00 UTC.
    ['2026-11-23T08:30:00Z', 'Europe/Paris', '2026-11-23', '2026-11-23T08:00:00.000Z'],
    // Auckland (UTC+13): Monday 09:00 there is Sunday 20:00 UTC.
    ['2026-11-22T21:00:00Z', 'Pacific/Auckland', '2026-11-23', '2026-11-22T20:00:00.000Z'],
    // The Monday after Europe's clocks went back (26 Oct 2026): 09:00 CET is 08:00 UTC.
    ['2026-10-26T08:00:00Z', 'Europe/Berlin', '2026-10-26', '2026-10-26T08:00:00.000Z'],
    ['2026-03-30T07:00:00Z', 'Europe/Berlin', '2026-03-30', '2026-03-30T07:00:00.000Z'],
  ])('at %s in %s: the week of %s, due %s', (now, zone, key, due) => {
    const period = currentDigestPeriod(at(now), zone);
    expect(period.key).toBe(key);
    expect(new Date(period.at).toISOString()).toBe(due);
  });

  it('is due for a day after its time, then skipped', () => {
    const period = currentDigestPeriod(at('2026-11-23T09:00:00Z'), 'UTC');
    expect(digestStillDue(period, at('2026-11-23T09:00:00Z'))).toBe(true);
    expect(digestStillDue(period, at('2026-11-24T08:59:59Z'))).toBe(true);
    expect(digestStillDue(period, at('2026-11-24T09:00:00Z'))).toBe(false);
  });

  it('waits 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 8, 20].map((n) => retryDelayMs(n))).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
    // NOTIFY_RETRY_MS sets the first wait.
    expect([1, 2, 3].map((n) => retryDelayMs(n, 500))).toEqual([500, 1_000, 2_000]);
  });
});

describe('idempotency', () => {
  it('one key per board, recipient, channel and period or cause; a Message-ID from the key alone', () => {
    const job = {
      kind: 'digest',
      boardId: 'b',
      userId: 'u',
      channel: 'email',
      period: '2026-11-23',
      cause: null,
    } as const;
    expect(idempotencyKey(job)).toBe('digest|b|u|email|2026-11-23');
    expect(idempotencyKey({ ...job, userId: null, channel: 'slack' })).toBe('digest|b|-|slack|2026-11-23');
    expect(messageIdOf(idempotencyKey(job))).toBe(messageIdOf('digest|b|u|email|2026-11-23'));
    expect(messageIdOf('a')).not.toBe(messageIdOf('b'));
    expect(messageIdOf('a')).toMatch(/^<[0-9a-f]{40}@notifications\.fluxion>$/);
  });
});

describe('a WIP-limit breach is one cause per stretch of days over the limit', () => {
  it('starts the stretch at its first consecutive day', () => {
    expect(stretchStart(['2026-11-20', '2026-11-25', '2026-11-26', '2026-11-27'], '2026-11-27')).toBe(
      '2026-11-25',
    );
    expect(stretchStart([], '2026-11-27')).toBe('2026-11-27');
  });
});

describe('alerts that inform: only crossings since the subscription or the last scan are news', () => {
  const old = { key: 'sle:a:2026-10-01T00:00:00.000Z', at: at('2026-10-06T00:00:00Z') };
  const fresh = { key: 'sle:b:2026-11-20T00:00:00.000Z', at: at('2026-11-25T09:00:00Z') };
  const wip = { key: 'wip:Doing', at: at('2026-11-25T00:00:00Z') };
  const on = at('2026-11-25T08:00:00Z');

  it('tells nothing of crossings older than the subscription at its first scan, and what crossed since', () => {
    expect(crossingsNews([old, fresh, wip], null, on)).toEqual([fresh.key]);
  });

  it('after a scan that came after the subscription, tells what that scan did not see, all in one list', () => {
    const last = { at: at('2026-11-25T09:30:00Z'), keys: new Set([fresh.key]) };
    expect(crossingsNews([old, fresh, wip], last, on)).toEqual([old.key, wip.key]);
    expect(crossingsNews([fresh], last, on)).toEqual([]);
  });

  it('for a subscriber newer than the last scan, what that scan did not see and crossed since they subscribed', () => {
    const last = { at: at('2026-11-25T07:00:00Z'), keys: new Set<string>() };
    expect(crossingsNews([old, fresh, wip], last, on)).toEqual([fresh.key]);
  });

  it('starts a subscription when alerts or a channel comes on, and keeps it otherwise', () => {
    const off = { alerts: 0, by_email: 1, by_slack: 0 };
    const email = { alerts: 1, by_email: 1, by_slack: 0 };
    expect(alertsSince(undefined, email, 5)).toBe(5);
    expect(alertsSince({ ...off, alerts_since: 1 }, email, 5)).toBe(5);
    expect(alertsSince({ ...email, alerts_since: 1 }, email, 5)).toBe(1);
    expect(alertsSince({ ...email, alerts_since: 1 }, { ...email, by_slack: 1 }, 5)).toBe(5);
    expect(alertsSince({ ...email, alerts_since: 1 }, off, 5)).toBe(1);
  });

  it('puts one scan’s crossings in one message that counts them, and leaves a single one as it reads alone', () => {
    const alert = (kind: Alert['kind'], reason: string): Alert => ({
      kind,
      boardTitle: 'Web app',
      title: `Web app: ${reason}`,
      reason,
      action: kind === 'wip_limit' ? 'Finish one first.' : 'Swarm on it.',
      link: 'https://x/flow',
    });
    const a = alert('sle_crossed', '#1 crossed');
    expect(combineAlerts('Web app', [], 'https://x/flow')).toBeNull();
    expect(combineAlerts('Web app', [a], 'https://x/flow')).toBe(a);
    const combined = combineAlerts(
      'Web app',
      [a, alert('sle_crossed', '#2 crossed'), alert('wip_limit', 'Doing holds 4')],
      'https://x/flow',
    );
    expect(combined?.title).toBe('Web app: 2 items crossed the SLE, 1 column went over its WIP limit');
    expect(combined?.lines).toEqual(['#1 crossed', '#2 crossed', 'Doing holds 4']);
    expect(combined?.action).toBe('Swarm on it. Finish one first.');
  });
});

describe('Slack webhook URLs', () => {
  const base = 'https://hooks.slack.com/services/';
  it('accepts an incoming webhook under the base only', () => {
    expect(slackWebhookProblem(`${base}T000/B000/XXXX`, base)).toBeNull();
    expect(slackWebhookProblem('https://hooks.slack.com.evil.test/services/T/B/X', base)).toMatch(
      /must start with/,
    );
    expect(slackWebhookProblem('http://169.254.169.254/latest', base)).toMatch(/must start with/);
    expect(slackWebhookProblem(base, base)).toMatch(/must start with/);
    expect(slackWebhookProblem('not a url', base)).toMatch(/Not a URL/);
  });
});

describe('unsubscribe tokens', () => {
  it('name the user, board and kind, and refuse any change', () => {
    const token = unsubscribeToken({ userId: 'u1', boardId: 'b1', what: 'digest' }, 'secret');
    expect(readUnsubscribeToken(token, 'secret')).toEqual({ userId: 'u1', boardId: 'b1', what: 'digest' });
    expect(readUnsubscribeToken(token, 'other secret')).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['u2', 'b1', 'digest'])).toString('base64url');
    expect(readUnsubscribeToken(`${forged}.${signature}`, 'secret')).toBeNull();
    expect(readUnsubscribeToken(`${payload}`, 'secret')).toBeNull();
  });
});

describe('what to look at first', () => {
  const item = (over: Partial<Digest['oldest'][number]> = {}) => ({
    id: 'i1',
    number: 12,
    title: 'Checkout',
    url: null,
    column: 'Review',
    age_days: 20,
    risk: 'on_track' as const,
    ...over,
  });
  const digest = (over: Partial<Omit<Digest, 'firstLook'>> = {}): Omit<Digest, 'firstLook'> => ({
    boardTitle: 'B',
    locale: 'en-US',
    period: '2026-11-23',
    completed: { thisWeek: 4, weekEnd: '2026-11-23', previous: [4, 5, 3], previousMean: 4, estimate: null },
    wip: 3,
    atRisk: 0,
    windowDays: 28,
    historyGaps: null,
    oldest: [item()],
    bottleneck: null,
    sle: null,
    wipBreaches: [],
    links: { flow: '', issues: '', timeInState: '', settings: '' },
    ...over,
  });
  it('an item past the SLE, then a column over its limit, then an item at risk, then the bottleneck', () => {
    const sle = { percent: 85, days: 10, source: 'set' as const, breached: [item()], atRisk: [] };
    const wip = [{ column: 'Review', count: 5, limit: 3 }];
    const bottleneck = { column: 'Review', days: 4, intensity: 2, samples: 9, window_days: 7 };
    expect(firstLook(digest({ sle, wipBreaches: wip }))).toMatch(
      /^Look first at #12 “Checkout”: 20 days in progress, past the board's SLE of 10 days\.$/,
    );
    expect(firstLook(digest({ wipBreaches: wip }))).toMatch(
      /^Look first at Review: it holds 5 items against a WIP limit of 3/,
    );
    expect(firstLook(digest({ oldest: [item({ risk: 'at_risk' })], bottleneck }))).toMatch(
      /^Look first at #12/,
    );
    expect(firstLook(digest({ bottleneck }))).toMatch(/^Look first at Review: items stay there 4 days/);
    expect(
      firstLook(
        digest({
          completed: { thisWeek: 1, weekEnd: null, previous: [6, 6], previousMean: 6, estimate: null },
        }),
      ),
    ).toMatch(/fewer items finished/);
    expect(firstLook(digest())).toBe('Nothing stands out this week: the flow is steady.');
  });
});

describe('the digest’s figures against one line, with the history gaps of its window', () => {
  const base = {
    boardTitle: 'B',
    locale: 'en-US',
    period: '2026-11-23',
    completed: { thisWeek: 4, weekEnd: '2026-11-23', previous: [], previousMean: null, estimate: null },
    wip: 3,
    atRisk: 2,
    windowDays: 28,
    historyGaps: { finished: 6, without_cycle_start: 2, without_board_entry: 6 },
    oldest: [],
    bottleneck: null,
    sle: null,
    wipBreaches: [],
    links: { flow: '', issues: '', timeInState: '', settings: '' },
    firstLook: '',
  } satisfies Digest;

  it('counts WIP at risk against the SLE where one applies, and names the p85 where not', () => {
    const sle = { percent: 85, days: 9, source: 'proposed' as const, breached: [], atRisk: [] };
    expect(wipLine({ ...base, sle })).toBe('In progress: 3, of which 2 at risk of missing the SLE.');
    expect(wipLine(base)).toBe(
      'In progress: 3, of which 2 older than the p85 of cycle times (last 28 days).',
    );
  });

  it('says how many finished items lack a known start, and why; nothing without a gap', () => {
    expect(historyGapsLine(base)).toBe(
      '2 of the 6 items finished in the last 28 days have no known start: GitHub lost their history. They count in throughput, not in the cycle times.',
    );
    expect(
      historyGapsLine({
        ...base,
        historyGaps: { finished: 1, without_cycle_start: 1, without_board_entry: 1 },
      }),
    ).toMatch(
      /^The item finished in the last 28 days has no known start: GitHub lost its history\. It counts/,
    );
    expect(
      historyGapsLine({ ...base, historyGaps: { ...base.historyGaps, without_cycle_start: 0 } }),
    ).toBeNull();
    expect(digestEmail(base, 'https://u').text).toContain('GitHub lost their history');
  });
});

describe('completed this week, in items and in the board’s estimate unit', () => {
  const weekly = (counts: number[]) =>
    ({
      throughput: {
        weekly: counts.map((count, i) => ({ week_start: `w${i}`, week_end: `e${i}`, count })),
      },
    }) as unknown as FlowResponse;
  const digestOf = (estimate: FlowResponse | null) => {
    const base = buildDigest({
      boardTitle: 'B',
      projectId: 'P',
      period: '2026-11-23',
      report: {
        ...weekly([5, 7, 6, 9]),
        aging: { items: [], at_risk: 0 },
        window: { days: 28, start: '2026-10-27', end: '2026-11-23' },
        bottleneck: null,
      } as unknown as FlowResponse,
      estimate: estimate && { field: 'Points', report: estimate },
      publicUrl: 'https://fluxion.example',
    });
    return base;
  };

  it('compares the last week with the weeks before, in each unit, 1 decimal', () => {
    expect(weeklyCompletions(weekly([13, 18, 12.25, 21]))).toEqual({
      thisWeek: 21,
      previous: [13, 18, 12.3],
      previousMean: 14.4,
    });
    expect(weeklyCompletions(weekly([]))).toEqual({ thisWeek: 0, previous: [], previousMean: null });
  });

  it('says both units where the board has an estimate field, items alone where not', () => {
    const both = digestOf(weekly([13, 18, 12, 21]));
    expect(completedLine(both)).toBe(
      'Finished this week: 9 items, 21 Points (previous weeks: 5, 7, 6 items, mean 6; 13, 18, 12 Points, mean 14.3).',
    );
    expect(digestSubject(both)).toBe('B: 9 items (21 Points) finished this week — Fluxion digest');
    const items = digestOf(null);
    expect(completedLine(items)).toBe('Finished this week: 9 (previous weeks: 5, 7, 6; mean 6).');
    expect(digestSubject(items)).toBe('B: 9 items finished this week — Fluxion digest');
  });
});

describe('the digest reads in its recipient’s locale, with the app’s rounding', () => {
  const report = {
    throughput: { weekly: [{ week_start: 'w', week_end: '2026-11-23', count: 1234 }] },
    aging: {
      items: [
        { id: 'i', number: 7, title: 'Slow', url: null, column: 'Doing', age_days: 23.24, risk: 'critical' },
      ],
      at_risk: 1,
    },
    window: { days: 28, start: '2026-10-27', end: '2026-11-23' },
    bottleneck: { column: 'Doing', days: 4.25, intensity: 2.345, samples: 5, window_days: 28 },
  } as unknown as FlowResponse;
  const digestIn = (locale: string | null) =>
    buildDigest({
      boardTitle: 'B',
      projectId: 'P',
      period: '2026-11-23',
      report,
      publicUrl: 'https://x',
      locale,
    });

  it('23.24 days is "23.2 days" in the e-mail and in Slack, as the app shows it; dates and separators follow the locale', () => {
    const us = digestIn(null);
    const mail = digestEmail(us, 'https://x/u');
    expect(mail.text).toContain('#7 Slow — 23.2 days in progress, now in Doing');
    expect(mail.text).toContain('B — week of Nov 23, 2026');
    expect(mail.text).toContain(
      'Bottleneck: Doing, 4.3 days on average, 2.35× the other in-progress columns, last 28 days (iteration).',
    );
    expect(mail.text).toContain('Finished this week: 1,234.');
    expect(mail.html).toContain('23.2 days in progress');
    expect(mail.text).not.toContain('23.24');
    expect(us.firstLook).toBe('Look first at #7 “Slow”: in progress for 23.2 days in Doing.');
    const slack = JSON.stringify(digestSlack(us));
    expect(slack).toContain('23.2 days in progress');
    expect(slack).toContain('week of Nov 23, 2026');

    const gb = digestIn('en-GB');
    expect(digestEmail(gb, 'https://x/u').text).toContain('B — week of 23 Nov 2026');
    const de = digestIn('de-DE');
    expect(digestEmail(de, 'https://x/u').text).toContain('23,2 days in progress');
    expect(de.firstLook).toContain('23,2 days');
  });
});
