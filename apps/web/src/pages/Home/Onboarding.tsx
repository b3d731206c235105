import { Link as RouterLink } from 'react-router';
import { Link } from '@primer/react';
import { RestoreDemoButton } from '../../components/RestoreDemoButton.tsx';
import { T } from '../../texts.ts';
import styles from './Home.module.css';

const STEPS = [
  { text: T.home.step1, link: { to: '/manage-projects', label: T.home.step1Link } },
  { text: T.home.step2, link: { to: '/lead-time?demo=1', label: T.home.step2Link } },
  { text: T.home.step3, link: null },
];

/**
 * The three onboarding steps. With no board at all (the demo removed too), step 2 brings the demo back
 * instead of linking to it.
 */
export function Onboarding({ onRestoreDemo }: { onRestoreDemo?: () => Promise<void> }) {
  return (
    <section aria-labelledby="onboarding">
      <h2 id="onboarding" className={styles.heading}>
        {T.home.onboardingTitle}
      </h2>
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step.text} className={styles.step}>
            <span className={styles.number}>{index + 1}</span>
            <span>{step.text}</span>
            {step.link && onRestoreDemo && step.link.to.includes('demo=1') ? (
              <span>
                <RestoreDemoButton onRestore={onRestoreDemo} />
              </span>
            ) : (
              step.link && (
                <Link as={RouterLink} to={step.link.to}>
                  {step.link.label} →
                </Link>
              )
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
