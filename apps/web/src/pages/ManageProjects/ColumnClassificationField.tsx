import type { Project } from '@fluxion/contract';
import { Button, Label, SegmentedControl } from '@primer/react';
import { T } from '../../texts.ts';
import {
  automaticChoice,
  type ClassificationChoice,
  type ColumnKind,
  chooseKind,
  classificationRows,
} from './classificationForm.ts';
import styles from './ManageProjects.module.css';

const KINDS: readonly ColumnKind[] = ['productive', 'waiting'];

type Props = {
  project: Project;
  choice: ClassificationChoice;
  onChange: (choice: ClassificationChoice) => void;
};

/** Productive or Waiting for each column before done; done is shown, fixed. */
export function ColumnClassificationField({ project, choice, onChange }: Props) {
  const t = T.projects.classification;
  return (
    <fieldset className={styles.classification}>
      <legend className={styles.fieldLabel}>{t.label}</legend>
      <p className={styles.muted}>
        {choice.custom ? t.custom : t.automatic} {t.meaning}
      </p>
      <div className={styles.classificationRows}>
        {classificationRows(project, choice).map(({ column, kind }) => (
          <div key={column} className={styles.classificationRow}>
            <span className={styles.columnName}>{column}</span>
            {kind === 'done' ? (
              <span className={styles.doneKind}>
                <Label variant="done">{t.done}</Label>
                <span className={styles.muted}>{t.doneHint}</span>
              </span>
            ) : (
              <SegmentedControl
                aria-label={t.kindOf(column)}
                size="small"
                onChange={(index) => onChange(chooseKind(choice, column, KINDS[index] ?? kind))}
              >
                <SegmentedControl.Button selected={kind === 'productive'}>
                  {t.productive}
                </SegmentedControl.Button>
                <SegmentedControl.Button selected={kind === 'waiting'}>{t.waiting}</SegmentedControl.Button>
              </SegmentedControl>
            )}
          </div>
        ))}
      </div>
      <Button size="small" disabled={!choice.custom} onClick={() => onChange(automaticChoice(project))}>
        {t.reset}
      </Button>
    </fieldset>
  );
}
