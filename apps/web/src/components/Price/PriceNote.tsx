import type { BillingPrice } from '@fluxion/contract';
import { B } from '../../billingTexts.ts';
import styles from './PriceNote.module.css';

type Variant = 'checkout' | 'team' | 'welcome' | 'plans';

const TEXT: Record<Variant, (price: BillingPrice) => string> = {
  checkout: B.price.checkout,
  team: (price) => `${B.price.team(price)} (${price.currency.toUpperCase()}). ${price.tax_note}`,
  welcome: B.price.welcome,
  plans: B.price.plans,
};

/**
 * The price beside a Buy button (per month; per seat for the team plan), or both plans side by side (`plans`,
 * `welcome`), in its currency, with the tax note.
 */
export function PriceNote({
  price,
  variant = 'checkout',
}: {
  price: BillingPrice | null;
  variant?: Variant;
}) {
  if (!price) return null;
  return (
    <p className={styles.note} data-testid="price">
      {TEXT[variant](price)}
    </p>
  );
}
