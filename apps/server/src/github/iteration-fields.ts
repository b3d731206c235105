import type { GithubIteration, GithubIterationFields } from './types.ts';

/** What a `PROJECT_FIELDS` answer holds of an Iteration or Number field. */
export type RawIterationField = {
  dataType?: string;
  configuration?: { iterations?: GithubIteration[]; completedIterations?: GithubIteration[] } | null;
};

type Raw = ({ id?: string; name?: string } & RawIterationField) | null;

/**
 * The board's first Iteration field, its iterations (completed ones too, oldest first), and its Number
 * fields. Built-in fields (Title, Labels…) come back as ProjectV2Field too, with other data types.
 */
export function toIterationFields(nodes: readonly Raw[]): GithubIterationFields {
  const iteration = nodes.find((f) => f?.dataType === 'ITERATION' && f.id && f.name);
  const iterations = [
    ...(iteration?.configuration?.completedIterations ?? []),
    ...(iteration?.configuration?.iterations ?? []),
  ].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return {
    iterationField:
      iteration?.id && iteration.name ? { id: iteration.id, name: iteration.name, iterations } : null,
    numberFields: nodes.flatMap((f) =>
      f?.dataType === 'NUMBER' && f.id && f.name ? [{ id: f.id, name: f.name }] : [],
    ),
  };
}
