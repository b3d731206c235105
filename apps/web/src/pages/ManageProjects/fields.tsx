import { Button, FormControl, Select } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getProjectColumns, getProjectFields } from '../../api/endpoints.ts';
import type { Project } from '@fluxion/contract';
import { formatDate } from '../../lib/format.ts';
import { T } from '../../texts.ts';

export function useProjectColumns(projectId: string, fieldId = '') {
  return useQuery({
    queryKey: ['github-project-columns', projectId, fieldId],
    queryFn: () => getProjectColumns(projectId, fieldId),
    enabled: projectId !== '',
  });
}

type FieldProps = { projectId: string; value: string; onChange: (fieldId: string) => void };

/**
 * The workflow field: the board's single-select fields, the default one chosen until the user picks
 * another ('' in the form means the default). Disabled until a project is chosen.
 */
export function WorkflowFieldSelect({ projectId, value, onChange }: FieldProps) {
  const fields = useQuery({
    queryKey: ['github-project-fields', projectId],
    queryFn: () => getProjectFields(projectId),
    enabled: projectId !== '',
  });
  const loading = projectId !== '' && fields.isPending;
  const chosen = value || fields.data?.default_field_id || '';
  return (
    <FormControl disabled={projectId === '' || loading || (fields.data?.fields.length ?? 0) === 0}>
      <FormControl.Label>{T.projects.workflowField}</FormControl.Label>
      <Select value={chosen} onChange={(e) => onChange(e.target.value)} block>
        {loading && <Select.Option value="">{T.projects.loadingFields}</Select.Option>}
        {(fields.data?.fields ?? []).map((field) => (
          <Select.Option key={field.id} value={field.id}>
            {`${field.name} (${field.columns.join(', ')})`}
          </Select.Option>
        ))}
      </Select>
      <FormControl.Caption>{T.projects.workflowFieldHint}</FormControl.Caption>
      {fields.isError && (
        <FormControl.Validation variant="error">
          {T.projects.failedFields}{' '}
          <Button size="small" variant="invisible" onClick={() => void fields.refetch()}>
            {T.states.retry}
          </Button>
        </FormControl.Validation>
      )}
    </FormControl>
  );
}

type IterationProps = {
  value: number | null;
  onChange: (value: number) => void;
  /** The tracked board's iteration source (Edit; null: not known); absent when adding a board. */
  iteration?: Project['iteration'] | null;
};

/** Which length applies: the board's GitHub Iteration field's, or this typed one. */
function iterationCaption(iteration: Project['iteration'] | null): string {
  if (iteration === undefined) return T.projects.iterationAddHint;
  if (iteration === null) return T.projects.iterationTyped;
  const { current, field } = iteration;
  if (iteration.source !== 'github_field' || !current || field === null) return T.projects.iterationTyped;
  const days = Math.round((Date.parse(current.end) - Date.parse(current.start)) / 86_400_000) + 1;
  return T.projects.iterationFromField(
    field,
    days,
    current.title,
    formatDate(current.start),
    formatDate(current.end),
  );
}

export function IterationSelect({ value, onChange, iteration }: IterationProps) {
  return (
    <FormControl required>
      <FormControl.Label>{T.projects.iterationLength}</FormControl.Label>
      <Select
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        block
      >
        {T.projects.iterationOptions.map((option) => (
          <Select.Option key={option.value} value={String(option.value)}>
            {option.label}
          </Select.Option>
        ))}
      </Select>
      <FormControl.Caption>{iterationCaption(iteration)}</FormControl.Caption>
    </FormControl>
  );
}

type ColumnProps = {
  projectId: string;
  /** The workflow field whose options are the columns ('' or absent: the default one). */
  fieldId?: string;
  value: string;
  onChange: (value: string) => void;
};

/** Optional cycle start column: disabled until a project is chosen. */
export function ColumnSelect({ projectId, fieldId = '', value, onChange }: ColumnProps) {
  const columns = useProjectColumns(projectId, fieldId);
  const loading = projectId !== '' && columns.isPending;
  return (
    <FormControl disabled={projectId === '' || loading}>
      <FormControl.Label>{T.projects.cycleStart}</FormControl.Label>
      <Select value={value} onChange={(e) => onChange(e.target.value)} block>
        <Select.Option value="">
          {loading ? T.projects.loadingColumns : T.projects.noCycleStart}
        </Select.Option>
        {(columns.data ?? []).map((column) => (
          <Select.Option key={column} value={column}>
            {column}
          </Select.Option>
        ))}
      </Select>
      {columns.isError && (
        <FormControl.Validation variant="error">
          {T.projects.failedColumns}{' '}
          <Button size="small" variant="invisible" onClick={() => void columns.refetch()}>
            {T.states.retry}
          </Button>
        </FormControl.Validation>
      )}
    </FormControl>
  );
}
