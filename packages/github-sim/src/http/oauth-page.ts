import type { OAuthApp } from './oauth-state.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The approval page shown when the user has not yet authorized the app for these scopes. */
export function approvalPage(
  app: OAuthApp,
  login: string,
  scopes: string[],
  fields: Record<string, string>,
): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const scopeList = scopes.length
    ? scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('')
    : '<li>Public information (read-only)</li>';
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Authorize application</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto">
    <h1>Authorize ${escapeHtml(app.name)}</h1>
    <p><strong>${escapeHtml(app.name)}</strong> wants to access your <strong>${escapeHtml(login)}</strong> account.</p>
    <ul>${scopeList}</ul>
    <form method="post" action="/login/oauth/authorize">
      ${hidden}
      <button type="submit" name="authorize" value="1" id="js-oauth-authorize-btn">Authorize ${escapeHtml(login)}</button>
      <button type="submit" name="authorize" value="0">Cancel</button>
    </form>
    <p><small>GitHub simulator: this page stands in for github.com's authorization page.</small></p>
  </body>
</html>`;
}
