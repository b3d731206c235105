import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { classificationRequest, initialChoice } from './classificationForm.ts';
import { ColumnClassificationField } from './ColumnClassificationField.tsx';
import { webAppProject } from './project.fixture.ts';

const project = webAppProject({ productive: ['Doing'], waiting: ['Todo', 'QA'] });

/** The field as the Edit dialog holds it, showing what Save would send. */
function Harness() {
  const [choice, setChoice] = useState(() => initialChoice(project));
  return (
    <>
      <ColumnClassificationField project={project} choice={choice} onChange={setChoice} />
      <output>{JSON.stringify(classificationRequest(project, choice))}</output>
    </>
  );
}

const kindOf = (column: string) => within(screen.getByRole('list', { name: `Kind of column ${column}` }));
const pressed = (column: string, kind: 'Productive' | 'Waiting') =>
  kindOf(column).getByRole('button', { name: kind }).getAttribute('aria-pressed');
const sent = () => JSON.parse(screen.getByRole('status').textContent ?? 'undefined');

describe('ColumnClassificationField', () => {
  afterEach(cleanup);

  it('shows the saved kinds, done fixed, and changes one column', async () => {
    render(<Harness />);
    expect([pressed('Todo', 'Waiting'), pressed('Doing', 'Productive'), pressed('QA', 'Waiting')]).toEqual([
      'true',
      'true',
      'true',
    ]);
    expect(pressed('QA', 'Productive')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Kind of column Done' })).toBeNull();
    expect(screen.getByText('Finished work, neither productive nor waiting')).toBeTruthy();
    expect(screen.getByText(/^Set by you\./)).toBeTruthy();

    await userEvent.click(kindOf('Todo').getByRole('button', { name: 'Productive' }));
    expect(pressed('Todo', 'Productive')).toBe('true');
    expect(sent()).toEqual({ productive: ['Todo', 'Doing'], waiting: ['QA'] });
  });

  it('"Reset to automatic" shows the guess from the names and sends null', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset to automatic' }));
    expect(pressed('QA', 'Productive')).toBe('true');
    expect(pressed('Todo', 'Waiting')).toBe('true');
    expect(screen.getByText(/^Automatic, from the column names\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset to automatic' }).hasAttribute('disabled')).toBe(true);
    expect(sent()).toBeNull();
  });
});
