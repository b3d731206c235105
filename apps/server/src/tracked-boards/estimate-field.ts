import type { AppContext } from '../context.ts';
import type { GithubClient } from '../github/client.ts';
import { readAsUser } from '../github/for-user.ts';
import { badRequest } from '../http/errors.ts';
import { fromGithubError, INTERACTIVE } from './github-errors.ts';

/**
 * The Number field the team reads as the estimate (docs/metrics.md, "Iterations and estimates"), checked
 * against the board's Number fields on GitHub before anything is saved; null: none. The collector reads
 * its values from the next listing on: what an item's estimate was before is not known.
 */
export async function estimateFieldChoice(
  ctx: AppContext,
  userId: string,
  projectId: string,
  fieldId: string | null,
): Promise<{ id: string; name: string } | null> {
  if (fieldId === null) return null;
  const read = (client: GithubClient) => client.getProjectFields(projectId);
  const fields = await readAsUser(ctx, userId, INTERACTIVE, read).catch(fromGithubError);
  const field = fields?.iterationFields?.numberFields.find((f) => f.id === fieldId);
  if (!field) throw badRequest('estimate_field_id: not a Number field of this board', 'estimate_field_id');
  return field;
}
