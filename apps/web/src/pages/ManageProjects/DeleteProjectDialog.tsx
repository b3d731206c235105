import type { Project, ProjectRemoval } from '@fluxion/contract';
import { ConfirmationDialog } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getProjectRemoval } from '../../api/endpoints.ts';
import { T } from '../../texts.ts';

/** What the confirmation says, once the server said what deleting would do (or could not say). */
export function removalText(title: string, removal: ProjectRemoval | undefined, failed: boolean): string {
  const texts = T.projects.removal;
  if (!removal) return failed ? texts.unknown(title) : texts.checking(title);
  if (removal.effect === 'hide') return texts.hide(title);
  if (removal.effect === 'untrack') return texts.untrack(title, removal.recorded_moves);
  return texts.delete(title, removal.recorded_moves);
}

/**
 * The delete confirmation, saying what deleting does: when no one else tracks the board, its whole
 * recorded history goes, with the count; when others do, it stays for them; the demo is only hidden.
 */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: Project;
  onClose: (confirmed: boolean) => void;
}) {
  const removal = useQuery({
    queryKey: ['project-removal', project.project_id],
    queryFn: () => getProjectRemoval(project.project_id),
    // Asked afresh each time: another tracker may have come or gone since.
    gcTime: 0,
    retry: false,
  });
  return (
    <ConfirmationDialog
      title={T.projects.confirmDeleteTitle}
      confirmButtonContent={T.projects.delete}
      confirmButtonType="danger"
      cancelButtonContent={T.projects.cancel}
      onClose={(gesture) => onClose(gesture === 'confirm')}
    >
      <span role="status">{removalText(project.title, removal.data, removal.isError)}</span>
    </ConfirmationDialog>
  );
}
