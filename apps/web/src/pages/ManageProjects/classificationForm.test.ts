import { describe, expect, it } from 'vitest';
import {
  automaticChoice,
  chooseKind,
  classificationRequest,
  classificationRows,
  initialChoice,
} from './classificationForm.ts';
import { webAppProject } from './project.fixture.ts';

const project = webAppProject;

describe('column classification in the Edit dialog', () => {
  it('starts from the automatic guess, done fixed, and sends null while untouched', () => {
    const automatic = project(null);
    const choice = initialChoice(automatic);
    expect(classificationRows(automatic, choice)).toEqual([
      { column: 'Todo', kind: 'waiting' },
      { column: 'Doing', kind: 'productive' },
      { column: 'QA', kind: 'productive' },
      { column: 'Done', kind: 'done' },
    ]);
    expect(classificationRequest(automatic, choice)).toBeNull();
  });

  it('starts from the saved choice; a column it leaves out keeps the guess', () => {
    const saved = project({ productive: ['Todo'], waiting: [] });
    expect(classificationRows(saved, initialChoice(saved)).map((r) => r.kind)).toEqual([
      'productive',
      'productive',
      'productive',
      'done',
    ]);
    expect(classificationRequest(saved, initialChoice(saved))).toEqual({
      productive: ['Todo', 'Doing', 'QA'],
      waiting: [],
    });
  });

  it('a picked kind sends every column before done, in board order; reset sends null again', () => {
    const p = project(null);
    const picked = chooseKind(initialChoice(p), 'QA', 'waiting');
    expect(classificationRequest(p, picked)).toEqual({ productive: ['Doing'], waiting: ['Todo', 'QA'] });
    expect(classificationRequest(p, automaticChoice(p))).toBeNull();
    expect(classificationRows(p, automaticChoice(p))[2]).toEqual({ column: 'QA', kind: 'productive' });
  });
});
