import type { Project, SaveProjectRequest } from '@fluxion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteProject, getDemoProject, saveProject } from '../../api/endpoints.ts';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../texts.ts';

/**
 * Add, update and delete with their success and error messages; the list and the selector reload after each.
 */
export function useProjectActions() {
  const { reload, selected, select } = useProjects();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);

  /** Whether it worked: a dialog stays open with what was typed when it did not. */
  async function add(body: SaveProjectRequest): Promise<boolean> {
    const ok = await saveProject(body);
    setMessage(ok ? T.projects.added : T.projects.addError);
    await reload();
    return ok;
  }

  async function update(body: SaveProjectRequest): Promise<boolean> {
    const ok = await saveProject(body);
    setMessage(ok ? T.projects.updated : T.projects.updateError);
    if (ok && selected?.project_id === body.project_id) {
      select({
        ...selected,
        iteration_length_days: body.iteration_length,
        cycle_time_start_column: body.cycle_time_start ?? null,
        column_classification:
          body.column_classification === undefined
            ? selected.column_classification
            : body.column_classification,
      });
    }
    // Analyses computed with the old settings must not be shown while the new ones load.
    if (ok)
      for (const key of ['timeinstate', 'flow'])
        queryClient.removeQueries({ queryKey: [key, body.project_id] });
    await reload();
    return ok;
  }

  async function remove(project: Project): Promise<void> {
    const ok = await deleteProject(project.project_id);
    setMessage(ok ? T.projects.deleted : T.projects.deleteError);
    if (ok && selected?.project_id === project.project_id) select(null);
    await reload();
  }

  async function restoreDemo(): Promise<void> {
    try {
      const demo = await getDemoProject();
      await add({ project_id: demo.project_id, iteration_length: demo.iteration_length_days });
    } catch {
      setMessage(T.projects.addError);
    }
  }

  return { message, setMessage, add, update, remove, restoreDemo };
}
