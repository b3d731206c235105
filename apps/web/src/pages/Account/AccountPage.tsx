import { Flash } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getInvoices, getOrgPlans } from '../../api/billing.ts';
import { getMe } from '../../api/endpoints.ts';
import { B } from '../../billingTexts.ts';
import { useAuth } from '../../auth/context.ts';
import { Loading } from '../../components/Loading.tsx';
import { Card, Page } from '../../components/Page.tsx';
import { usePrice } from '../../components/Price/usePrice.ts';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { T } from '../../texts.ts';
import styles from './Account.module.css';
import { InvoicesTable } from './InvoicesTable.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { TeamPlanCard } from './TeamPlanCard.tsx';
import { useBillingActions } from './useBillingActions.ts';
import { YourDataCard } from './YourDataCard.tsx';

export function AccountPage() {
  const { user: sessionUser } = useAuth();
  const me = useQuery({ queryKey: ['me'], queryFn: getMe });
  const actions = useBillingActions();
  const price = usePrice();
  const invoices = useQuery({ queryKey: ['invoices'], queryFn: getInvoices, retry: false });
  const plans = useQuery({ queryKey: ['org-plans'], queryFn: getOrgPlans, retry: false });
  const user = me.data ?? (me.isError ? null : sessionUser);

  return (
    <Page title={T.account.title}>
      <StatusMessage text={actions.message} />
      {me.isError && (
        <Flash variant="danger" role="alert" style={{ marginBottom: 'var(--base-size-16)' }}>
          {T.account.loadFailed}
        </Flash>
      )}
      {!user ? (
        !me.isError && <Loading text={T.auth.loadingUser} />
      ) : (
        <div className={styles.grid}>
          <Card className={styles.profile}>
            <UserAvatar src={user.avatar_url} size={96} alt="" />
            <span className={styles.label}>{T.account.username}</span>
            <span className={styles.username}>{user.username}</span>
          </Card>
          <SubscriptionCard user={user} actions={actions} price={price} />
          {(invoices.data?.invoices.length ?? 0) > 0 && (
            <Card className={styles.wide}>
              <h2 className={styles.heading}>{B.invoices.title}</h2>
              <InvoicesTable invoices={invoices.data?.invoices ?? []} label={B.invoices.title} />
            </Card>
          )}
          {plans.isError && <p className={styles.muted}>{B.team.loadFailed}</p>}
          {(plans.data?.plans ?? []).map((plan) => (
            <TeamPlanCard key={plan.org} plan={plan} price={price} />
          ))}
          <YourDataCard />
        </div>
      )}
    </Page>
  );
}
