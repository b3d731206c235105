import { createContext, type ReactNode, useContext } from 'react';
import analysis from '../../components/Analysis.module.css';
import { Exportable } from '../../components/Export/Exportable.tsx';
import type { CsvTable } from '../../lib/exportCsv.ts';
import styles from './Flow.module.css';

/** The board the charts show: exported files are named after it, as the other pages' are. */
export const ExportBoard = createContext('');

/** The estimate field the figures count in (`unit=estimate`); null when they count items. */
export const UnitField = createContext<string | null>(null);

/** A titled chart card of the Flow page; with `csv`, its Export menu (CSV, and SVG/PNG unless a table). */
export function ChartCard(props: {
  title: string;
  caption: string;
  testId: string;
  csv?: () => CsvTable;
  table?: boolean;
  children: ReactNode;
}) {
  const board = useContext(ExportBoard);
  return (
    <section className={analysis.chartCard} data-testid={props.testId} aria-label={props.title}>
      <h2 className={styles.cardTitle}>{props.title}</h2>
      <p className={styles.caption}>{props.caption}</p>
      {props.csv ? (
        <Exportable
          name={board ? `${board} ${props.title}` : props.title}
          csv={props.csv}
          image={!props.table}
        >
          {props.children}
        </Exportable>
      ) : (
        props.children
      )}
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
