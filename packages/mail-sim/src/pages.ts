import type { CaughtMail, CaughtSlack } from './store.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A plain page in the catcher's look: clearly not a real mailbox. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Mail catcher</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;color:#1f2328;margin:0}
main{max-width:760px;margin:24px auto;background:#fff;border-radius:8px;padding:16px 20px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:20px 0 8px}
ul{list-style:none;padding:0;margin:0}li{border-top:1px solid #d1d9e0;padding:10px 0}
a{color:#0969da}.meta{color:#59636e;font-size:13px}.note{color:#59636e;font-size:13px;margin-top:16px}
iframe{width:100%;height:70vh;border:1px solid #d1d9e0;border-radius:6px}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;padding:8px;border-radius:6px;font-size:13px}
</style></head><body><main>${body}
<p class="note">Local mail catcher and Slack receiver: nothing here left this machine.</p></main></body></html>`;
}

export function inboxPage(mails: CaughtMail[], slack: CaughtSlack[]): string {
  const mailItems = [...mails]
    .reverse()
    .map(
      (m) =>
        `<li><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a><div class="meta">to ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</div></li>`,
    )
    .join('');
  const slackItems = [...slack]
    .reverse()
    .map(
      (s) =>
        `<li><a href="/slack/${s.id}">${escapeHtml(s.body.text ?? '(no text)')}</a><div class="meta">webhook …${escapeHtml(s.webhook.slice(-6))} · ${escapeHtml(s.receivedAt)}</div></li>`,
    )
    .join('');
  return page(
    'Inbox',
    `<h1>Mail catcher</h1><h2>E-mails (${mails.length})</h2><ul>${mailItems || '<li>Nothing yet.</li>'}</ul>
<h2>Slack messages (${slack.length})</h2><ul>${slackItems || '<li>Nothing yet.</li>'}</ul>`,
  );
}

export function mailPage(mail: CaughtMail): string {
  const headers = Object.entries(mail.headers)
    .filter(([k]) =>
      ['from', 'to', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post'].includes(k),
    )
    // The subject as a mail client shows it (the raw header may be MIME-encoded).
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(k === 'subject' ? mail.subject : v)}`)
    .join('\n');
  const html = mail.html
    ? `<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(mail.html)}"></iframe>`
    : '';
  return page(
    mail.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(mail.subject)}</h1><pre>${headers}</pre>${html}
<h2>Plain text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}

export function slackPage(message: CaughtSlack): string {
  return page(
    message.body.text ?? 'Slack message',
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(message.body.text ?? 'Slack message')}</h1>
<pre>${escapeHtml(JSON.stringify(message.body.blocks ?? [], null, 2))}</pre>`,
  );
}
