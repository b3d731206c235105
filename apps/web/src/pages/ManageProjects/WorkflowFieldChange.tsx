import type { Project, ProjectFields } from '@fluxion/contract';
import { Flash, FormControl, Select } from '@primer/react';
import { T } from '../../texts.ts';

type Props = {
  project: Project;
  fields: ProjectFields | undefined;
  /** The field chosen here; null: the board's own (unchanged). */
  value: string | null;
  onChange: (fieldId: string | null) => void;
};

/**
 * The board's workflow field, changed only on purpose: choosing another says what happens to the history
 * recorded under the current one before Save does it (docs/api.md, "Changing the workflow field").
 */
export function WorkflowFieldChange({ project, fields, value, onChange }: Props) {
  const current = project.workflow_field?.id ?? null;
  const chosen = value ?? current ?? '';
  const next = fields?.fields.find((f) => f.id === value);
  return (
    <FormControl disabled={!fields || fields.fields.length === 0}>
      <FormControl.Label>{T.projects.workflowField}</FormControl.Label>
      <Select
        value={chosen}
        onChange={(e) => onChange(e.target.value === current ? null : e.target.value)}
        block
      >
        {(fields?.fields ?? []).map((field) => (
          <Select.Option key={field.id} value={field.id}>
            {`${field.name} (${field.columns.join(', ')})`}
          </Select.Option>
        ))}
      </Select>
      {next && value !== current && (
        <Flash variant="warning" role="alert">
          {T.projects.workflowFieldChange(project.workflow_field?.name ?? 'Status', next.name)}
        </Flash>
      )}
    </FormControl>
  );
}
