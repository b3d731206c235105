import type { ReactNode } from 'react';
import analysis from '../../components/Analysis.module.css';
import styles from './Flow.module.css';

/** A titled chart card of the Flow page. */
export function ChartCard(props: { title: string; caption: string; testId: string; children: ReactNode }) {
  return (
    <section className={analysis.chartCard} data-testid={props.testId} aria-label={props.title}>
      <h2 className={styles.cardTitle}>{props.title}</h2>
      <p className={styles.caption}>{props.caption}</p>
      {props.children}
    </section>
  );
}

export function ChartTooltip({ lines }: { lines: ReactNode[] }) {
  return (
    <div className={styles.tooltip}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one tooltip
        <div key={i} className={i === 0 ? styles.strong : undefined}>
          {line}
        </div>
      ))}
    </div>
  );
}
