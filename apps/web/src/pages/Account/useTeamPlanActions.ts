import { useState } from 'react';
import {
  addOrgPlanManager,
  orgPlanCancel,
  orgPlanCheckout,
  orgPlanPortal,
  orgPlanReactivate,
} from '../../api/billing.ts';
import { B } from '../../billingTexts.ts';
import { interpretCheckout, RELOAD_DELAY_MS } from '../../lib/checkout.ts';
import { formatDate } from '../../lib/format.ts';
import { T } from '../../texts.ts';

const reloadSoon = () => window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
const readJson = (response: Response) => response.json().catch(() => null) as Promise<unknown>;
/** The server's own words for a refusal (403 to a member), else the generic failure. */
const refusal = async (response: Response | null) =>
  (response && ((await readJson(response)) as { message?: string } | null)?.message) ?? B.team.failed;

/** A team plan's calls (docs/billing.md, Team plan): managers only, the server answers 403 to anyone else. */
export function useTeamPlanActions(org: string) {
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

  const buy = () =>
    run(async () => {
      const response = await orgPlanCheckout(org).catch(() => null);
      if (!response?.ok) return setMessage(await refusal(response));
      const result = interpretCheckout(response.status, await readJson(response));
      if (!result.ok) return setMessage(result.error);
      window.location.assign(result.url);
    });

  const updatePayment = () =>
    run(async () => {
      const response = await orgPlanPortal(org).catch(() => null);
      const body = response?.ok ? ((await readJson(response)) as { url?: unknown } | null) : null;
      if (typeof body?.url !== 'string') return window.alert(T.billing.updatePaymentFailed);
      window.location.assign(body.url);
    });

  const cancel = () =>
    run(async () => {
      const response = await orgPlanCancel(org).catch(() => null);
      const body = response?.ok
        ? ((await readJson(response)) as { current_period_end?: unknown } | null)
        : null;
      if (typeof body?.current_period_end !== 'number') return setMessage(await refusal(response));
      setMessage(B.team.cancelled(formatDate(new Date(body.current_period_end * 1000).toISOString())));
      reloadSoon();
    });

  const reactivate = () =>
    run(async () => {
      const response = await orgPlanReactivate(org).catch(() => null);
      if (!response?.ok) return setMessage(await refusal(response));
      setMessage(B.team.reactivated);
      reloadSoon();
    });

  /** Answers whether the manager was added. */
  const addManager = async (login: string): Promise<boolean> => {
    let ok = false;
    await run(async () => {
      const response = await addOrgPlanManager(org, login).catch(() => null);
      if (!response?.ok) return setMessage(await refusal(response));
      setMessage(B.team.managerAdded(login));
      ok = true;
    });
    return ok;
  };

  return { message, busy, buy, updatePayment, cancel, reactivate, addManager };
}
