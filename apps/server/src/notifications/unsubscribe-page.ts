const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Fluxion Analytics</title>
<style>body{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;background:#f6f8fa;color:#1f2328;margin:0}
main{max-width:480px;margin:48px auto;background:#fff;border:1px solid #d1d9e0;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 12px}button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #1f883d;background:#1f883d;color:#fff;cursor:pointer}
a{color:#0969da}</style></head><body><main>${body}</main></body></html>`;
}

const what = (kind: 'digest' | 'alerts') => (kind === 'digest' ? 'the weekly digest' : 'alerts');

/** The link's landing page: one button (a link opened by a mail scanner must not unsubscribe anyone). */
export function confirmPage(
  target: { what: 'digest' | 'alerts'; boardTitle: string },
  token: string,
): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from ${what(target.what)} of ${escapeHtml(target.boardTitle)}?</h1>
<form method="post" action="?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>You can turn it on again in the board's notification settings on Manage Projects.</p>`,
  );
}

export function donePage(
  target: { what: 'digest' | 'alerts'; boardTitle: string },
  publicUrl: string,
): string {
  return page(
    'Unsubscribed',
    `<h1>Unsubscribed</h1><p>You will no longer receive ${what(target.what)} of ${escapeHtml(target.boardTitle)}.</p>
<p><a href="${escapeHtml(publicUrl)}/manage-projects">Notification settings</a></p>`,
  );
}

export const BAD_LINK_PAGE = page(
  'Unsubscribe',
  '<h1>This unsubscribe link is not valid</h1><p>Open the board’s notification settings on Manage Projects to turn e-mails off.</p>',
);

/** An address's confirmation link: one button (a link opened by a mail scanner must confirm nothing). */
export function confirmEmailPage(token: string): string {
  return page(
    'Confirm your e-mail address',
    `<h1>Confirm this address for Fluxion Analytics?</h1>
<form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">Confirm</button></form>
<p>Digests and alerts you chose then go to it.</p>`,
  );
}

export function emailConfirmedPage(email: string, publicUrl: string): string {
  return page(
    'Address confirmed',
    `<h1>Address confirmed</h1><p>Digests and alerts you chose will go to ${escapeHtml(email)}.</p>
<p><a href="${escapeHtml(publicUrl)}/manage-projects">Notification settings</a></p>`,
  );
}

export const BAD_CONFIRMATION_PAGE = page(
  'Confirm your e-mail address',
  '<h1>This confirmation link is not valid any more</h1><p>It expired, or was used already. Open the board’s notification settings on Manage Projects and choose Resend to get a new one.</p>',
);
