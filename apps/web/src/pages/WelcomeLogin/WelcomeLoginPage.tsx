import { CheckCircleIcon } from '@primer/octicons-react';
import { Flash, Link } from '@primer/react';
import { Navigate } from 'react-router';
import { useAuth } from '../../auth/context.ts';
import { CenteredCard, cardStyles } from '../../components/CenteredCard.tsx';
import { PriceNote } from '../../components/Price/PriceNote.tsx';
import { usePrice } from '../../components/Price/usePrice.ts';
import { SignInButton } from '../../components/SignInButton.tsx';
import { T } from '../../texts.ts';

export function WelcomeLoginPage() {
  const { isAuthenticated, error } = useAuth();
  const price = usePrice();
  if (isAuthenticated) return <Navigate to="/" replace />;
  const w = T.welcome;
  return (
    <CenteredCard title={w.title} lead={w.subtitle}>
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      <ul className={cardStyles.bullets}>
        {w.bullets.map((bullet) => (
          <li key={bullet}>
            <CheckCircleIcon />
            <span>{bullet}</span>
          </li>
        ))}
      </ul>
      <PriceNote price={price} variant="welcome" />
      <SignInButton label={w.button} />
      <p className={cardStyles.note}>
        {w.consentBefore}
        <Link href="/privacy.html" target="_blank" rel="noreferrer">
          {w.privacy}
        </Link>
        {w.consentMiddle}
        <Link href="/terms.html" target="_blank" rel="noreferrer">
          {w.terms}
        </Link>
        {w.consentAfter}
      </p>
    </CenteredCard>
  );
}
