import { Flash } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getMe } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/context.ts';
import { Loading } from '../../components/Loading.tsx';
import { Card, Page } from '../../components/Page.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { T } from '../../texts.ts';
import styles from './Account.module.css';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { useBillingActions } from './useBillingActions.ts';

export function AccountPage() {
  const { user: sessionUser } = useAuth();
  const me = useQuery({ queryKey: ['me'], queryFn: getMe });
  const actions = useBillingActions();
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
          <SubscriptionCard user={user} actions={actions} />
        </div>
      )}
    </Page>
  );
}
