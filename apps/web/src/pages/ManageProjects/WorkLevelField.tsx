import { FormControl, Select } from '@primer/react';

type Props = { value: string; onChange: (value: string) => void };

/**
 * The board setting "level of work" (docs/metrics.md, "Level of work"): which items the analyses count on
 * a board with parents and children, shared by everyone who tracks the board. '' is automatic.
 */
export function WorkLevelField({ value, onChange }: Props) {
  return (
    <FormControl>
      <FormControl.Label>Level of work</FormControl.Label>
      <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="work-level">
        <Select.Option value="">
          Automatic (leaf items when the board holds parents and children)
        </Select.Option>
        <Select.Option value="leaves">Leaf items only</Select.Option>
        <Select.Option value="parents">Parents only</Select.Option>
        <Select.Option value="all">All items</Select.Option>
      </Select>
      <FormControl.Caption>
        Which items throughput, cycle time, aging and forecasts count: nothing is counted twice at one level.
      </FormControl.Caption>
    </FormControl>
  );
}
