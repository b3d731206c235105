import { Checkbox, FormControl } from '@primer/react';
import { T } from '../../texts.ts';

type Props = { checked: boolean; onChange: (checked: boolean) => void };

/**
 * The board setting "include archived items" (docs/metrics.md §13), shared by everyone who tracks the board.
 */
export function ArchivedField({ checked, onChange }: Props) {
  const t = T.projects.archived;
  return (
    <FormControl>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <FormControl.Label>{t.label}</FormControl.Label>
      <FormControl.Caption>{t.help}</FormControl.Caption>
    </FormControl>
  );
}
