import type { BillingPrice, Profile } from '@fluxion/contract';
import { CreditCardIcon } from '@primer/octicons-react';
import { Button, ConfirmationDialog, Flash, Label } from '@primer/react';
import { useState } from 'react';
import { Card } from '../../components/Page.tsx';
import { B } from '../../billingTexts.ts';
import { PriceNote } from '../../components/Price/PriceNote.tsx';
import { formatDate } from '../../lib/format.ts';
import { subscriptionView } from '../../lib/subscription.ts';
import { T } from '../../texts.ts';
import styles from './Account.module.css';
import type { useBillingActions } from './useBillingActions.ts';

const LABEL_VARIANT = {
  success: 'success',
  attention: 'attention',
  danger: 'danger',
  neutral: 'secondary',
} as const;

type Props = { user: Profile; actions: ReturnType<typeof useBillingActions>; price: BillingPrice | null };

export function SubscriptionCard({ user, actions, price }: Props) {
  const [confirming, setConfirming] = useState(false);
  const view = subscriptionView(user, new Date(), price?.display ?? null);
  // Past due: paying what is due comes first, before renewing.
  const pastDue = user.subscription_status === 'past_due';
  return (
    <Card>
      <h2 className={styles.heading}>
        <CreditCardIcon />
        {T.account.subscription}
        <Label variant={LABEL_VARIANT[view.tone]}>{T.account.statusName[user.subscription_status]}</Label>
      </h2>
      <p className={styles.status}>{view.text}</p>
      <AlsoCovered user={user} onEnd={() => setConfirming(true)} busy={actions.busy} />
      <div className={styles.buttons}>
        {view.updatePayment && pastDue && (
          <Button variant="primary" disabled={actions.busy} onClick={() => void actions.updatePayment()}>
            {T.account.updatePayment}
          </Button>
        )}
        {view.buyLabel && (
          <Button
            variant={pastDue ? 'default' : 'primary'}
            disabled={actions.busy}
            onClick={() => void actions.buy()}
          >
            {view.buyLabel}
          </Button>
        )}
        {view.updatePayment && !pastDue && (
          <Button disabled={actions.busy} onClick={() => void actions.updatePayment()}>
            {T.account.updatePayment}
          </Button>
        )}
        {view.reactivate && (
          <Button disabled={actions.busy} onClick={() => void actions.reactivate()}>
            {T.account.reactivate}
          </Button>
        )}
        {view.cancel && (
          <Button variant="danger" disabled={actions.busy} onClick={() => setConfirming(true)}>
            {T.account.cancel}
          </Button>
        )}
      </div>
      {view.buyLabel && <PriceNote price={price} />}
      {confirming && (
        <ConfirmationDialog
          title={T.account.confirmCancelTitle}
          confirmButtonContent={T.account.confirmCancelButton}
          confirmButtonType="danger"
          cancelButtonContent={T.account.keep}
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === 'confirm') void actions.cancel();
          }}
        >
          {T.account.confirmCancelText}
        </ConfirmationDialog>
      )}
    </Card>
  );
}

/** A personal plan beside a bought team plan that covers the user too: say so, and offer to end it. */
function AlsoCovered({ user, onEnd, busy }: { user: Profile; onEnd: () => void; busy: boolean }) {
  const team = user.also_covered_by;
  if (!team) return null;
  if (user.cancel_at_period_end && user.subscription_end) {
    return (
      <Flash variant="default" data-testid="also-covered">
        {B.team.alsoCoveredEnding(team.org, formatDate(user.subscription_end))}
      </Flash>
    );
  }
  return (
    <Flash variant="warning" data-testid="also-covered">
      <p>{B.team.alsoCovered(team.org)}</p>
      <Button disabled={busy} onClick={onEnd}>
        {B.team.endPersonal}
      </Button>
    </Flash>
  );
}
