const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A plain page in the simulator's look: clearly not the real Stripe. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Stripe simulator</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:420px;margin:64px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px #0002}
h1{font-size:20px;margin-top:0}.amount{font-size:32px;font-weight:600;margin:8px 0 24px}
.note{color:#697386;font-size:13px}.error{color:#df1b41}.ok{color:#1a7f37}
button,a.button{display:inline-block;font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #c1c9d2;
background:#fff;color:#1a1f36;text-decoration:none;cursor:pointer;margin-right:8px}
button.primary{background:#635bff;border-color:#635bff;color:#fff}
input{font:inherit;padding:8px;width:100%;box-sizing:border-box;margin:4px 0 16px}
form{display:inline}
</style></head><body><main>${body}
<p class="note">Stripe simulator (test mode): no real payment is made.</p></main></body></html>`;
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}
