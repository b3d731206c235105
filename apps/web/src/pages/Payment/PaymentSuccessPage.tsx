import { CheckCircleFillIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { T } from '../../texts.ts';

export function PaymentSuccessPage() {
  const navigate = useNavigate();
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
