import type { Digest } from './digest.ts';
import { formatter } from '@fluxion/contract/format';
import { type Alert, figureLines, itemLine, weekOf } from './messages.ts';

/** Slack's own incoming webhooks; another base only by configuration (SLACK_WEBHOOK_BASE_URL: a simulator). */
export const SLACK_WEBHOOK_BASE = 'https://hooks.slack.com/services/';

/**
 * Why a webhook URL is refused, or null when it is one: only URLs under the configured base are posted to,
 * so a board setting can never make the server call an address of the caller's choosing.
 */
export function slackWebhookProblem(url: string, base: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Not a URL: paste the incoming-webhook URL Slack shows (https://hooks.slack.com/services/…)';
  }
  if (!url.startsWith(base) || parsed.href !== url || url.length <= base.length || url.length > 500)
    return `Not a Slack incoming-webhook URL: it must start with ${base}`;
  if (parsed.username || parsed.password || parsed.hash)
    return 'The webhook URL must not carry a user or a #fragment';
  return null;
}

/** The end of a webhook URL, to show which one is set without showing the secret. */
export const webhookHint = (url: string) => `…${url.slice(-4)}`;

type Block = Record<string, unknown>;
const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text } });
/** Slack's mrkdwn treats &, < and > as control characters. */
const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackLink = (url: string, label: string) => `<${url}|${escapeSlack(label)}>`;

export type SlackMessage = { text: string; blocks: Block[] };

/** The digest as a Block Kit message (the `text` is the notification's fallback). */
export function digestSlack(digest: Digest): SlackMessage {
  const f = formatter(digest.locale);
  const items = digest.oldest.map(
    (item) => `• ${item.url ? slackLink(item.url, itemLine(item, f)) : escapeSlack(itemLine(item, f))}`,
  );
  return {
    text: `${digest.boardTitle}: weekly digest (${weekOf(digest)})`,
    blocks: [
      {
        type: 'header',
        text: { type: 'plain_text', text: `${digest.boardTitle} — ${weekOf(digest)}` },
      },
      section(`*${escapeSlack(digest.firstLook)}*`),
      section(figureLines(digest).map(escapeSlack).join('\n')),
      section(`*Oldest items in progress*\n${items.join('\n') || '(none)'}`),
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: [
              slackLink(digest.links.flow, 'Flow'),
              slackLink(digest.links.issues, 'Issues in the bottleneck'),
              slackLink(digest.links.timeInState, 'Time in State'),
            ].join(' · '),
          },
        ],
      },
    ],
  };
}

export function alertSlack(alert: Alert): SlackMessage {
  const title = alert.title;
  return {
    text: title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title } },
      section(
        [
          `*What happened:* ${escapeSlack(alert.reason)}`,
          ...(alert.lines ?? []).map((line) => `• ${escapeSlack(line)}`),
          `*What to do:* ${escapeSlack(alert.action)}`,
        ].join('\n'),
      ),
      section(slackLink(alert.link, 'Open it in Fluxion')),
    ],
  };
}
