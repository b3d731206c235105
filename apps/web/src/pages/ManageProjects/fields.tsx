import { Button, FormControl, Select } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getProjectColumns } from '../../api/endpoints.ts';
import { T } from '../../texts.ts';

export function useProjectColumns(projectId: string) {
  return useQuery({
    queryKey: ['github-project-columns', projectId],
    queryFn: () => getProjectColumns(projectId),
    enabled: projectId !== '',
  });
}

type IterationProps = { value: number | null; onChange: (value: number) => void };

export function IterationSelect({ value, onChange }: IterationProps) {
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
    </FormControl>
  );
}

type ColumnProps = { projectId: string; value: string; onChange: (value: string) => void };

/** Optional cycle start column: disabled until a project is chosen. */
export function ColumnSelect({ projectId, value, onChange }: ColumnProps) {
  const columns = useProjectColumns(projectId);
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
