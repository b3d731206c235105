import { describe, expect, it } from 'vitest';
import {
  buildAddRequest,
  canSubmit,
  changeField,
  changeOwner,
  changeProject,
  initialForm,
  ownerParam,
  saveBody,
} from './projectForm.ts';

const available = [{ id: 'PVT_1', name: 'Roadmap', full_name: 'acme/roadmap', owner: 'acme' }];

describe('add project form', () => {
  it('starts with the 1 week iteration and nothing chosen', () => {
    expect(initialForm()).toEqual({ owner: null, projectId: '', iteration: 7, column: '', fieldId: '' });
  });

  it('changing the organization clears project and column', () => {
    const form = { owner: 'a', projectId: 'PVT_1', iteration: 14, column: 'Doing', fieldId: 'F1' };
    expect(changeOwner(form, 'b')).toEqual({
      owner: 'b',
      projectId: '',
      iteration: 14,
      column: '',
      fieldId: '',
    });
    expect(changeProject(form, 'PVT_2')).toEqual({ ...form, projectId: 'PVT_2', column: '', fieldId: '' });
  });

  it('choosing another workflow field clears the cycle start column, and the request names the field', () => {
    const form = { owner: 'acme', projectId: 'PVT_1', iteration: 14, column: 'Doing', fieldId: '' };
    const staged = changeField(form, 'PVTSSF_stage');
    expect(staged).toEqual({ ...form, column: '', fieldId: 'PVTSSF_stage' });
    expect(buildAddRequest(staged, available)).toEqual({
      ok: true,
      body: { project_id: 'PVT_1', name: 'Roadmap', iteration_length: 14, workflow_field_id: 'PVTSSF_stage' },
    });
  });

  it('submit needs a project, an iteration length, and projects not loading', () => {
    const ready = { owner: 'a', projectId: 'PVT_1', iteration: 7, column: '', fieldId: '' };
    expect(canSubmit(ready, false)).toBe(true);
    expect(canSubmit(ready, true)).toBe(false);
    expect(canSubmit({ ...ready, projectId: '' }, false)).toBe(false);
    expect(canSubmit({ ...ready, iteration: null }, false)).toBe(false);
  });

  it('builds POST /api/projects/ with the optional cycle start column', () => {
    const form = { owner: 'acme', projectId: 'PVT_1', iteration: 14, column: '', fieldId: '' };
    expect(buildAddRequest(form, available)).toEqual({
      ok: true,
      body: { project_id: 'PVT_1', name: 'Roadmap', iteration_length: 14 },
    });
    expect(buildAddRequest({ ...form, column: 'Doing' }, available)).toEqual({
      ok: true,
      body: { project_id: 'PVT_1', name: 'Roadmap', iteration_length: 14, cycle_time_start: 'Doing' },
    });
    expect(saveBody('x', 'X', 1, '')).toEqual({ project_id: 'x', name: 'X', iteration_length: 1 });
  });

  it("answers 'Project not found.' when the chosen project is not in the list", () => {
    const form = { owner: 'acme', projectId: 'PVT_9', iteration: 7, column: '', fieldId: '' };
    expect(buildAddRequest(form, available)).toEqual({ ok: false, error: 'Project not found.' });
  });

  it('sends no owner for the personal account', () => {
    expect(ownerParam({ value: 'octocat', display_name: 'octocat' }, 'octocat')).toBeNull();
    expect(ownerParam({ value: '', display_name: 'Personal' }, 'octocat')).toBeNull();
    expect(ownerParam(undefined, 'octocat')).toBeNull();
    expect(ownerParam({ value: 'acme', display_name: 'Acme' }, 'octocat')).toBe('acme');
  });
});
