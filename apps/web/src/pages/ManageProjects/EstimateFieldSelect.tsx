import { FormControl, Select } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getProjectFields } from '../../api/endpoints.ts';
import { T } from '../../texts.ts';

/**
 * The board's Number fields, one of which the team may read as the estimate (none by default). `value`
 * is the chosen field's id ('' for none); until the board's fields are read, the current choice is
 * shown by its name (`current`).
 */
export function EstimateFieldSelect(props: {
  projectId: string;
  value: string;
  current: string | null;
  onChange: (fieldId: string) => void;
}) {
  const fields = useQuery({
    queryKey: ['github-project-fields', props.projectId],
    queryFn: () => getProjectFields(props.projectId),
  });
  const numbers = fields.data?.number_fields ?? [];
  return (
    // Disabled through FormControl: on the Select itself Primer warns in the console on every dialog.
    <FormControl disabled={fields.isPending}>
      <FormControl.Label>{T.projects.estimateField}</FormControl.Label>
      <Select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <Select.Option value="">{T.projects.estimateNone}</Select.Option>
        {numbers.map((f) => (
          <Select.Option key={f.id} value={f.id}>
            {f.name}
          </Select.Option>
        ))}
        {fields.isPending && props.current && (
          <Select.Option value={props.value}>{props.current}</Select.Option>
        )}
      </Select>
      <FormControl.Caption>{T.projects.estimateHint}</FormControl.Caption>
    </FormControl>
  );
}

/** The id of the field named `name` among the board's Number fields ('' when none or unknown). */
export function estimateFieldId(
  numbers: readonly { id: string; name: string }[] | undefined,
  name: string | null,
) {
  return (name && numbers?.find((f) => f.name === name)?.id) || '';
}
