import { CheckIcon, LockIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { HttpError } from '../../api/errors.ts';
import { useAuth } from '../../auth/context.ts';
import { subscriptionView } from '../../lib/subscription.ts';
import { PriceNote } from '../Price/PriceNote.tsx';
import { usePrice } from '../Price/usePrice.ts';
import { T } from '../../texts.ts';
import styles from './Paywall.module.css';
import { openCheckout } from './openCheckout.ts';

const t = T.paywall;

/** The API's answer when the trial or subscription ended and the board is not the demo (billing/paywall.ts). */
export function isPaywallError(error: unknown): boolean {
  return error instanceof HttpError && error.status === 402;
}

/**
 * The one buy button: 'Buy Fluxion Analytics Pro', or 'Renew Subscription' after a subscription
 * (docs/billing.md, The paywall).
 */
function BuyButton() {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const label = (user && subscriptionView(user, new Date()).buyLabel) ?? T.account.buy;
  const buy = async () => {
    setBusy(true);
    await openCheckout();
    setBusy(false);
  };
  return (
    <Button variant="primary" loading={busy} onClick={() => void buy()}>
      {label}
    </Button>
  );
}

/**
 * What an analysis of an own board shows once the trial or subscription ended: nothing is lost, what the
 * subscription unlocks, and one button to buy. `compact` for a board's card on Home.
 */
export function Paywall({ compact = false }: { compact?: boolean }) {
  const { user } = useAuth();
  const price = usePrice();
  const ended: Record<string, string> = { trial: t.trialEnded, pilot: t.pilotEnded };
  const title = ended[user?.subscription_status ?? ''] ?? t.subscriptionEnded;
  if (compact) {
    return (
      <div className={styles.compact} data-testid="paywall">
        <LockIcon size={16} />
        <span>{t.lockedCard}</span>
        <BuyButton />
      </div>
    );
  }
  return (
    <section className={styles.paywall} aria-labelledby="paywall-title" data-testid="paywall">
      <LockIcon size={24} className={styles.icon} />
      <h2 id="paywall-title" className={styles.title}>
        {title}
      </h2>
      <p>{t.recorded}</p>
      <p className={styles.unlocksTitle}>{t.unlocksTitle}</p>
      <ul className={styles.unlocks}>
        {t.unlocks.map((line) => (
          <li key={line}>
            <CheckIcon size={16} className={styles.check} />
            {line}
          </li>
        ))}
      </ul>
      <BuyButton />
      <PriceNote price={price} variant="plans" />
      <p className={styles.demo}>{t.demoOpen}</p>
    </section>
  );
}
