import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BreakdownFieldSelect } from './BreakdownFieldSelect.tsx';

afterEach(cleanup);

const FIELDS = [
  { id: 'F_status', name: 'Status', columns: ['Todo', 'Done'] },
  { id: 'F_priority', name: 'Priority', columns: ['High', 'Low'] },
  { id: 'F_team', name: 'Team', columns: ['Web', 'API'] },
];

const options = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('"Break down by" of Add and Edit project', () => {
  it('offers issue type and every single-select field but the workflow field, and says which is picked', () => {
    const onChange = vi.fn();
    render(<BreakdownFieldSelect fields={FIELDS} workflowFieldId="F_status" value="" onChange={onChange} />);
    expect(options()).toEqual(['Issue type', 'Priority', 'Team']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Break down by' }), {
      target: { value: 'F_team' },
    });
    expect(onChange).toHaveBeenCalledWith('F_team');
  });

  it('names a field deleted on GitHub, and says the work is split by issue type until another is picked', () => {
    const gone = { id: 'F_size', name: 'Size', gone: true as const };
    render(
      <BreakdownFieldSelect
        fields={FIELDS}
        workflowFieldId="F_status"
        value="F_size"
        current={gone}
        onChange={() => undefined}
      />,
    );
    expect(options()).toEqual(['Issue type', 'Priority', 'Team', 'Size (deleted on GitHub)']);
    expect(screen.getByText(/"Size" was deleted on GitHub: Flow splits by issue type/)).toBeTruthy();
  });

  it('is disabled while the board’s fields load, showing the stored choice by its name', () => {
    render(
      <BreakdownFieldSelect
        fields={undefined}
        workflowFieldId={null}
        value="F_priority"
        current={{ id: 'F_priority', name: 'Priority' }}
        onChange={() => undefined}
      />,
    );
    expect((screen.getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect(options()).toEqual(['Issue type', 'Priority']);
  });
});
