import { useState } from 'react';
import { cancelSubscription, createPortalSession, reactivateSubscription } from '../../api/billing.ts';
import { openCheckout } from '../../components/Paywall/openCheckout.ts';
import { cancelMessage, RELOAD_DELAY_MS } from '../../lib/checkout.ts';
import { formatDate } from '../../lib/format.ts';
import { T } from '../../texts.ts';

const reloadSoon = () => window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
const readJson = (response: Response) => response.json().catch(() => null) as Promise<unknown>;

/** The Account page's calls (docs/api.md, Billing) with their success and error messages. */
export function useBillingActions() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  const buy = () => run(openCheckout);

  const updatePayment = () =>
    run(async () => {
      try {
        const response = await createPortalSession();
        const body = (await readJson(response)) as { url?: unknown } | null;
        if (!response.ok || typeof body?.url !== 'string')
          throw new Error(T.billing.serverError(response.status));
        window.location.assign(body.url);
      } catch {
        window.alert(T.billing.updatePaymentFailed);
      }
    });

  const reactivate = () =>
    run(async () => {
      const response = await reactivateSubscription().catch(() => null);
      if (!response?.ok) return setMessage(T.account.reactivateFailed);
      setMessage(T.account.reactivated);
      reloadSoon();
    });

  /** Answers whether it worked; the dialog closes and the page reloads after 1.8 s. */
  const cancel = async (): Promise<boolean> => {
    let ok = false;
    await run(async () => {
      const response = await cancelSubscription().catch(() => null);
      const body = response?.ok
        ? ((await readJson(response)) as { current_period_end?: unknown } | null)
        : null;
      if (typeof body?.current_period_end !== 'number') return setMessage(T.account.cancelFailed);
      setMessage(cancelMessage(body.current_period_end, formatDate));
      ok = true;
      reloadSoon();
    });
    return ok;
  };

  return { message, busy, buy, updatePayment, reactivate, cancel };
}
