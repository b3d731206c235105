import { type Formatter, formatter, iterationWindow } from '@fluxion/contract/format';
import { ageText, type Digest, type DigestItem } from './digest.ts';

/** A message for every channel: the e-mail's subject, HTML and text; Slack's Block Kit is built from it. */
export type Message = { subject: string; html: string; text: string };

/** An alert: a cause that happened to a board, with what to do about it. */
export type Alert = {
  kind: 'collection_stopped' | 'sle_crossed' | 'wip_limit' | 'crossings';
  boardTitle: string;
  /** The subject: "<board>: Fluxion stopped collecting this board", "<board>: #12 … crossed the SLE"… */
  title: string;
  /** What happened, as the collector recorded it (the board's last error). */
  reason: string;
  /** What to do about it. */
  action: string;
  link: string;
  /** Each crossing an alert of several lists, one line each. */
  lines?: string[];
};

/**
 * One scan's crossings as one alert: a single one as it reads alone; several under one subject that
 * counts them ("Web app: 2 items crossed the SLE, 1 column went over its WIP limit"), one line each.
 */
export function combineAlerts(boardTitle: string, alerts: readonly Alert[], link: string): Alert | null {
  const [first] = alerts;
  if (!first) return null;
  if (alerts.length === 1) return first;
  const sle = alerts.filter((a) => a.kind === 'sle_crossed').length;
  const wip = alerts.filter((a) => a.kind === 'wip_limit').length;
  const parts = [
    sle > 0 ? `${plural(sle, 'item')} crossed the SLE` : null,
    wip > 0 ? `${plural(wip, 'column')} went over ${wip === 1 ? 'its WIP limit' : 'their WIP limits'}` : null,
  ].filter((part): part is string => part !== null);
  return {
    kind: 'crossings',
    boardTitle,
    title: `${boardTitle}: ${parts.join(', ')}`,
    reason: `${plural(alerts.length, 'crossing')} since the last alert:`,
    action: [...new Set(alerts.map((a) => a.action))].join(' '),
    link,
    lines: alerts.map((a) => a.reason),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export function digestSubject(digest: Digest): string {
  const f = formatter(digest.locale);
  const { thisWeek, estimate } = digest.completed;
  const weight = estimate ? ` (${f.number(estimate.thisWeek)} ${estimate.field})` : '';
  return `${digest.boardTitle}: ${plural(thisWeek, 'item')}${weight} finished this week — Fluxion digest`;
}

/**
 * "Finished this week: 9 (previous weeks: 5, 7, 6; mean 6)." — with an estimate field, in both units:
 * "Finished this week: 9 items, 21 Points (previous weeks: 5, 7, 6 items, mean 6; 13, 18, 12 Points, mean 14.3)."
 */
export function completedLine(digest: Digest): string {
  const f = formatter(digest.locale);
  const n = (value: number | null) => (value === null ? '' : f.number(value));
  const list = (values: number[]) => values.map(n).join(', ');
  const { thisWeek, previous, previousMean, estimate } = digest.completed;
  if (!estimate) {
    const before = previous.length > 0 ? ` (previous weeks: ${list(previous)}; mean ${n(previousMean)})` : '';
    return `Finished this week: ${n(thisWeek)}${before}.`;
  }
  const unit = estimate.field;
  const before =
    previous.length > 0
      ? ` (previous weeks: ${list(previous)} items, mean ${n(previousMean)}; ${list(estimate.previous)} ${unit}, mean ${n(estimate.previousMean)})`
      : '';
  return `Finished this week: ${plural(thisWeek, 'item')}, ${n(estimate.thisWeek)} ${unit}${before}.`;
}

/** The Flow page's WIP-at-risk tile, against the same line: the SLE with one, else the p85 (named so). */
export function wipLine(digest: Digest): string {
  const line = digest.sle
    ? 'at risk of missing the SLE'
    : `older than the p85 of cycle times (last ${digest.windowDays} days)`;
  return `In progress: ${digest.wip}, of which ${digest.atRisk} ${line}.`;
}

/**
 * "2 of the 5 items finished in the last 28 days have no known start: GitHub lost their history." — the
 * gap every page states (docs/metrics.md §16); null without one.
 */
export function historyGapsLine(digest: Digest): string | null {
  const gaps = digest.historyGaps;
  const unknown = gaps?.without_cycle_start ?? 0;
  if (!gaps || unknown === 0) return null;
  const which =
    unknown === gaps.finished
      ? gaps.finished === 1
        ? 'The item'
        : `All ${gaps.finished} items`
      : `${unknown} of the ${gaps.finished} items`;
  const has = unknown === 1 ? 'has' : 'have';
  return `${which} finished in the last ${digest.windowDays} days ${has} no known start: GitHub lost ${unknown === 1 ? 'its' : 'their'} history. ${unknown === 1 ? 'It counts' : 'They count'} in throughput, not in the cycle times.`;
}

export function bottleneckLine(digest: Digest): string {
  const b = digest.bottleneck;
  if (!b) return 'Bottleneck: none yet (no stay ended in an in-progress column recently).';
  const f = formatter(digest.locale);
  return `Bottleneck: ${b.column}, ${f.duration(b.days)} on average, ${f.number(b.intensity, 2)}× the other in-progress columns, ${iterationWindow(b.window_days)}.`;
}

/** The SLE line: "SLE 85% within 12 days (set): 2 items past it, 1 near it." */
export function sleLine(digest: Digest): string | null {
  const sle = digest.sle;
  if (!sle) return null;
  const how = sle.source === 'set' ? 'set by the team' : 'proposed from the history';
  return `SLE ${sle.percent}% within ${formatter(digest.locale).duration(sle.days)} (${how}): ${plural(sle.breached.length, 'item')} past it, ${sle.atRisk.length} near it.`;
}

/** The WIP-limit line, or null when no column is over its limit. */
export function wipLimitLine(digest: Digest): string | null {
  if (digest.wipBreaches.length === 0) return null;
  return `Over the WIP limit: ${digest.wipBreaches.map((w) => `${w.column} holds ${w.count} (limit ${w.limit})`).join('; ')}.`;
}

/** "Parents that slipped since the week of Nov 16: #181 “Checkout” (85 %: Dec 1 → Dec 9)", or null. */
export function slippedLine(digest: Digest): string | null {
  const since = digest.sinceBefore;
  if (!since || since.slipped.length === 0) return null;
  const f = formatter(digest.locale);
  const date = (d: string) => f.date(d) ?? d;
  const parents = since.slipped.map((p) => {
    const now = p.now === null ? 'no forecast now: no child finished lately' : date(p.now);
    return `${p.number === null ? '' : `#${p.number} `}“${p.title}” (85 %: ${date(p.was)} → ${now})`;
  });
  return `Parents that slipped since the week of ${date(since.period)}: ${parents.join('; ')}.`;
}

/** "Cycle time grew (p85) since the week of Nov 16: Bug 3 → 5.5 days", or null. */
export function grownLine(digest: Digest): string | null {
  const since = digest.sinceBefore;
  if (!since || since.grown.length === 0) return null;
  const f = formatter(digest.locale);
  const types = since.grown.map((t) => `${t.type} ${f.number(t.was, 1)} → ${f.duration(t.now)}`);
  return `Cycle time grew (p85) since the week of ${f.date(since.period) ?? since.period}: ${types.join('; ')}.`;
}

/** The digest's figure lines, in order (each optional line only when it has something to say). */
export function figureLines(digest: Digest): string[] {
  return [
    completedLine(digest),
    wipLine(digest),
    historyGapsLine(digest),
    sleLine(digest),
    wipLimitLine(digest),
    bottleneckLine(digest),
    slippedLine(digest),
    grownLine(digest),
  ].filter((line): line is string => line !== null);
}

export const itemLine = (item: DigestItem, f: Formatter) =>
  `${item.number === null ? '' : `#${item.number} `}${item.title} — ${ageText(item, f)} in progress, now in ${item.column}`;

/** "Week of Nov 23, 2026": the digest's Monday, as its reader writes dates. */
export const weekOf = (digest: Digest) =>
  `week of ${formatter(digest.locale).date(digest.period) ?? digest.period}`;

/** The digest as e-mail: plain text and a single-column HTML that reads on a phone. */
export function digestEmail(digest: Digest, unsubscribeUrl: string): Message {
  const f = formatter(digest.locale);
  const oldestText = digest.oldest.map((item) => `  - ${itemLine(item, f)}`).join('\n') || '  (none)';
  const text = [
    `${digest.boardTitle} — ${weekOf(digest)}`,
    '',
    digest.firstLook,
    '',
    ...figureLines(digest),
    '',
    'Oldest items in progress:',
    oldestText,
    '',
    `Flow: ${digest.links.flow}`,
    `Issues in the bottleneck: ${digest.links.issues}`,
    `Time in State: ${digest.links.timeInState}`,
    '',
    `Notification settings: ${digest.links.settings}`,
    `Unsubscribe from this board's digest: ${unsubscribeUrl}`,
  ].join('\n');
  const itemsHtml =
    digest.oldest
      .map((item) => {
        const name = escapeHtml(`${item.number === null ? '' : `#${item.number} `}${item.title}`);
        const title = item.url ? `<a href="${escapeHtml(item.url)}" style="color:#0969da">${name}</a>` : name;
        return `<li style="margin:0 0 8px">${title}<br><span style="color:#59636e">${ageText(item, f)} in progress, now in ${escapeHtml(item.column)}</span></li>`;
      })
      .join('') || '<li>(none)</li>';
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#0969da">${escapeHtml(label)}</a>`;
  const html = page(
    digest.boardTitle,
    [
      `<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(digest.boardTitle)}</h1>`,
      `<p style="color:#59636e;margin:0 0 16px">${escapeHtml(capitalised(weekOf(digest)))}</p>`,
      `<p style="font-size:16px;padding:12px;background:#ddf4ff;border-radius:6px;margin:0 0 16px"><strong>${escapeHtml(digest.firstLook)}</strong></p>`,
      ...figureLines(digest).map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`),
      '<h2 style="font-size:16px;margin:0 0 8px">Oldest items in progress</h2>',
      `<ol style="padding-left:20px;margin:0 0 16px">${itemsHtml}</ol>`,
      `<p style="margin:0 0 16px">${link(digest.links.flow, 'Flow')} · ${link(digest.links.issues, 'Issues in the bottleneck')} · ${link(digest.links.timeInState, 'Time in State')}</p>`,
    ].join('\n'),
    footer(digest.links.settings, unsubscribeUrl),
  );
  return { subject: digestSubject(digest), html, text };
}

export function alertEmail(alert: Alert, settingsUrl: string, unsubscribeUrl: string): Message {
  const subject = alert.title;
  const text = [
    subject,
    '',
    `What happened: ${alert.reason}`,
    ...(alert.lines ?? []).map((line) => `  - ${line}`),
    `What to do: ${alert.action}`,
    '',
    `Open it in Fluxion: ${alert.link}`,
    '',
    `Notification settings: ${settingsUrl}`,
    `Unsubscribe from this board's alerts: ${unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    subject,
    [
      `<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(subject)}</h1>`,
      `<p style="margin:0 0 8px"><strong>What happened:</strong> ${escapeHtml(alert.reason)}</p>`,
      ...(alert.lines
        ? [
            `<ul style="padding-left:20px;margin:0 0 8px">${alert.lines.map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`).join('')}</ul>`,
          ]
        : []),
      `<p style="margin:0 0 16px"><strong>What to do:</strong> ${escapeHtml(alert.action)}</p>`,
      `<p style="margin:0 0 16px"><a href="${escapeHtml(alert.link)}" style="color:#0969da">Open it in Fluxion</a></p>`,
    ].join('\n'),
    footer(settingsUrl, unsubscribeUrl),
  );
  return { subject, html, text };
}

function footer(settingsUrl: string, unsubscribeUrl: string): string {
  return `<p style="color:#59636e;font-size:13px;margin:24px 0 0"><a href="${escapeHtml(settingsUrl)}" style="color:#59636e">Notification settings</a> · <a href="${escapeHtml(unsubscribeUrl)}" style="color:#59636e">Unsubscribe</a></p>`;
}

function page(title: string, body: string, foot: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:16px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2328;background:#ffffff"><div style="max-width:600px;margin:0 auto">${body}${foot}</div></body></html>`;
}
