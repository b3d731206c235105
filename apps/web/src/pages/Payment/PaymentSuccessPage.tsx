import { CheckCircleFillIcon, ClockIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { Loading } from '../../components/Loading.tsx';
import { T } from '../../texts.ts';
import { useCheckoutReturn } from './useCheckoutReturn.ts';

/** /payment-success: thanks, account activated, to the dashboard — once the server says so. */
export function PaymentSuccessPage() {
  const navigate = useNavigate();
  const result = useCheckoutReturn();
  if (result.state === 'confirming') return <Loading text={T.payment.activating} />;
  if (result.state !== 'activated') {
    return (
      <CenteredCard
        title={T.payment.successTitle}
        icon={<ClockIcon size={48} fill="var(--fgColor-attention)" />}
      >
        <Flash variant={result.state === 'failed' ? 'danger' : 'warning'} role="status">
          {result.state === 'failed' ? T.payment.confirmFailed(result.message) : T.payment.notYet}
        </Flash>
        <Button block onClick={() => navigate('/account')}>
          {T.payment.backToAccount}
        </Button>
      </CenteredCard>
    );
  }
  return (
    <CenteredCard
      title={T.payment.successTitle}
      lead={T.payment.successText}
      icon={<CheckCircleFillIcon size={48} fill="var(--fgColor-success)" />}
    >
      <Button variant="primary" block onClick={() => navigate('/')}>
        {T.payment.toDashboard}
      </Button>
    </CenteredCard>
  );
}
