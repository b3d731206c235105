import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationSettings } from '../config.ts';
import type { Message } from './messages.ts';
import type { SlackMessage } from './slack.ts';

/** `unsubscribeUrl`: absent for a message that is not a subscription's (an address's confirmation link). */
export type Email = Message & { to: string; messageId: string; unsubscribeUrl?: string };

/** How messages leave: e-mail over SMTP and Slack incoming webhooks. Both throw a readable error on failure. */
export type Channels = {
  email: ((mail: Email) => Promise<void>) | null;
  slack: (webhookUrl: string, message: SlackMessage) => Promise<void>;
  close(): void;
};

/**
 * Time-outs well below NOTIFY_LEASE_MS: a sender stuck on a dead server lets go of its job before its
 * lease lapses, so the job is retried rather than found interrupted. Slack's: 15 s, or a quarter of a
 * shorter lease.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
export const slackTimeoutMs = (leaseMs: number) => Math.min(15_000, Math.floor(leaseMs / 4));

export function createChannels(settings: NotificationSettings): Channels {
  const transport: Transporter | null = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS })
    : null;
  return {
    email: transport ? (mail) => sendEmail(transport, settings.mailFrom, mail) : null,
    slack: (webhookUrl, message) => postToSlack(webhookUrl, message, slackTimeoutMs(settings.leaseMs)),
    close: () => transport?.close(),
  };
}

async function sendEmail(transport: Transporter, from: string, mail: Email): Promise<void> {
  try {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      // RFC 2369 and RFC 8058: mail clients show an "Unsubscribe" that POSTs to the link, no sign-in.
      headers: mail.unsubscribeUrl
        ? {
            'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
    });
  } catch (error) {
    throw new Error(`SMTP refused: ${smtpReason(error)}`);
  }
}

/** The server's answer without the envelope's addresses (they are personal data in the board's settings). */
function smtpReason(error: unknown): string {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (e.responseCode) return `${e.responseCode} ${(e.response ?? '').replace(/^\d{3}\s*/, '').slice(0, 200)}`;
  return (e.code ?? e.message ?? 'unknown error').slice(0, 200);
}

async function postToSlack(webhookUrl: string, message: SlackMessage, timeoutMs: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw new Error(`Slack unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`Slack refused: ${response.status} ${body}`.trim());
  }
}
