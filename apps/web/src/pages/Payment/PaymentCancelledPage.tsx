import { XCircleIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useNavigate } from 'react-router';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { T } from '../../texts.ts';

export function PaymentCancelledPage() {
  const navigate = useNavigate();
  return (
    <CenteredCard
      title={T.payment.cancelledTitle}
      lead={T.payment.cancelledText}
      icon={<XCircleIcon size={48} fill="var(--fgColor-muted)" />}
    >
      <Button block onClick={() => navigate('/account')}>
        {T.payment.backToAccount}
      </Button>
    </CenteredCard>
  );
}
