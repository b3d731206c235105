import { Select } from '@primer/react';
import { useId } from 'react';
import { windowChoices } from '../../lib/analysisWindow.ts';
import { T } from '../../texts.ts';
import styles from './WindowSelect.module.css';

/** `iterationDays`: Lead Time and Time in State offer the board's iteration too, and name it. */
type Props = { days: number; iterationDays?: number; onChange: (days: number) => void };

/** The window of an analysis page: 7, 14, 30, 60, 90 days (and the board's iteration, where offered). */
export function WindowSelect({ days, iterationDays, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.toolbar}>
      <label htmlFor={id}>{T.analysisWindow.label}</label>
      <Select id={id} value={String(days)} onChange={(e) => onChange(Number(e.target.value))}>
        {windowChoices(iterationDays).map((d) => (
          <Select.Option key={d} value={String(d)}>
            {d === iterationDays ? T.analysisWindow.iteration(d) : T.analysisWindow.option(d)}
          </Select.Option>
        ))}
      </Select>
    </div>
  );
}
