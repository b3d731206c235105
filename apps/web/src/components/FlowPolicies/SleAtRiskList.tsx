import type { SleAtRiskItem } from '@fluxion/contract';
import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { Button, Label, Link } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { itemPath } from '../../lib/itemLink.ts';
import type { DurationUnit } from '../../lib/units.ts';
import { P } from '../../policyTexts.ts';
import styles from './FlowPolicies.module.css';

type Props = {
  items: readonly SleAtRiskItem[];
  sle: { percent: number; days: number } | null | undefined;
  /** All the items at risk, when `items` shows only the first of them. */
  total?: number;
  /** The board's unit of durations (working days on a working calendar). */
  unit?: DurationUnit;
  /** The board: each item then opens its page in Fluxion (else its issue on GitHub). */
  projectId?: string;
};

/**
 * Items listed at first, and more at each press: a board with 17,000 items past its SLE drew 17,000 list
 * items (seconds of the page's time, a list nobody reads); the oldest come first.
 */
export const AT_RISK_SHOWN_FIRST = 20;
const AT_RISK_SHOWN_MORE = 100;

const itemLabel = (i: SleAtRiskItem) => (i.number === null ? i.title : `#${i.number} ${i.title}`);

/** The items in progress that missed the board's SLE or are at risk of missing it, oldest first. */
export function SleAtRiskList({ items, sle, total = items.length, unit, projectId }: Props) {
  const [shown, setShown] = useState(AT_RISK_SHOWN_FIRST);
  if (!sle) return null;
  const listed = items.length > shown ? items.slice(0, shown) : items;
  return (
    <section className={styles.atRisk} data-testid="sle-at-risk" aria-label={P.sle.atRiskTitle}>
      <div className={styles.atRiskTitle}>
        {P.sle.atRiskTitle}{' '}
        <span className={styles.muted}>({P.sle.statement(sle.percent, sle.days, unit)})</span>
      </div>
      {items.length === 0 ? (
        <p className={styles.muted}>{P.sle.atRiskEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {listed.map((item) => (
            <li key={item.id} data-testid="sle-at-risk-item" data-risk={item.sle_risk}>
              <Label variant={item.sle_risk === 'breached' ? 'danger' : 'attention'}>
                {P.sle.risk[item.sle_risk]}
              </Label>{' '}
              {projectId && !(item.url === null && item.title === PRIVATE_ITEM_TITLE) ? (
                <Link as={RouterLink} to={itemPath(projectId, item.id)}>
                  {itemLabel(item)}
                </Link>
              ) : item.url ? (
                <Link href={item.url} target="_blank" rel="noreferrer">
                  {itemLabel(item)}
                </Link>
              ) : (
                itemLabel(item)
              )}{' '}
              <span className={styles.muted}>{P.sle.itemLine(item.column, item.age_days, unit)}</span>
            </li>
          ))}
          {total > listed.length && (
            <li className={styles.muted}>
              {P.sle.atRiskMore(total - listed.length)}
              {items.length > listed.length && (
                <>
                  {' '}
                  <Button
                    size="small"
                    variant="invisible"
                    onClick={() => setShown(shown + AT_RISK_SHOWN_MORE)}
                  >
                    {P.sle.showMore(Math.min(AT_RISK_SHOWN_MORE, items.length - listed.length))}
                  </Button>
                </>
              )}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
