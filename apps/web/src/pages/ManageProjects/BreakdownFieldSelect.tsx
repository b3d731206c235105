import type { BreakdownField, ProjectFields } from '@fluxion/contract';
import { FormControl, Select } from '@primer/react';

type Props = {
  /** The board's single-select fields (undefined while they load). */
  fields: ProjectFields['fields'] | undefined;
  /** Its workflow field, never offered: its values are the columns. */
  workflowFieldId: string | null;
  /** The chosen field's id; '' for issue type. */
  value: string;
  /** The stored choice, shown by its name until the fields are read, or when GitHub deleted it. */
  current?: BreakdownField | null;
  onChange: (fieldId: string) => void;
};

/**
 * The board setting "Break down by" (docs/metrics.md, "Breakdown"): Flow's distribution, and a filter of
 * every analysis, by issue type (the default) or by one of the board's other single-select fields
 * ("Priority", "Team"), shared by everyone who tracks the board.
 */
export function BreakdownFieldSelect({ fields, workflowFieldId, value, current, onChange }: Props) {
  const offered = (fields ?? []).filter((f) => f.id !== workflowFieldId);
  const storedMissing = current && !offered.some((f) => f.id === current.id) && value === current.id;
  return (
    // Disabled through FormControl: on the Select itself Primer warns in the console on every dialog.
    <FormControl disabled={fields === undefined}>
      <FormControl.Label>Break down by</FormControl.Label>
      <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="breakdown-field">
        <Select.Option value="">Issue type</Select.Option>
        {offered.map((f) => (
          <Select.Option key={f.id} value={f.id}>
            {f.name}
          </Select.Option>
        ))}
        {storedMissing && (
          <Select.Option value={current.id}>
            {current.gone ? `${current.name} (deleted on GitHub)` : current.name}
          </Select.Option>
        )}
      </Select>
      {current?.gone ? (
        <FormControl.Validation variant="error">
          {`"${current.name}" was deleted on GitHub: Flow splits by issue type until another field is picked.`}
        </FormControl.Validation>
      ) : (
        <FormControl.Caption>
          What Flow's distribution splits the work by (throughput, work in progress, cycle time and aging per
          value), and a filter of every analysis.
        </FormControl.Caption>
      )}
    </FormControl>
  );
}
