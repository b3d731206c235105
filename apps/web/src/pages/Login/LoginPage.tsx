import { InfoIcon, ShieldCheckIcon } from '@primer/octicons-react';
import { Flash } from '@primer/react';
import { useAuth } from '../../auth/context.ts';
import { AccountDeletedNote } from '../../components/AccountDeletedNote.tsx';
import { CenteredCard, cardStyles } from '../../components/CenteredCard.tsx';
import { PriceNote } from '../../components/Price/PriceNote.tsx';
import { usePrice } from '../../components/Price/usePrice.ts';
import { SignInButton } from '../../components/SignInButton.tsx';
import { T } from '../../texts.ts';

export function LoginPage() {
  const { error } = useAuth();
  const price = usePrice();
  return (
    <CenteredCard title={T.login.title} lead={T.login.subtitle}>
      <AccountDeletedNote />
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      <SignInButton label={T.login.button} />
      <PriceNote price={price} variant="plans" />
      <ul className={cardStyles.bullets}>
        <li className={cardStyles.note}>
          <InfoIcon />
          <span>{T.login.ssoNote}</span>
        </li>
        <li className={cardStyles.note}>
          <ShieldCheckIcon />
          <span>{T.login.metadataNote}</span>
        </li>
      </ul>
    </CenteredCard>
  );
}
