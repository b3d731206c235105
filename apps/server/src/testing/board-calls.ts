import { type Endpoint, endpoints, fillPath, queryString } from '@fluxion/contract';

/** Values for the query fields of a board's calls; the other fields keep their defaults. */
type BoardCallValues = {
  project: string;
  columns: readonly string[];
  days: number;
  /** The board's owner, for the calls about an organization (its team plan). */
  org: string;
};

/**
 * Every signed-in GET of the contract's endpoint table, made about one board: each column for a call
 * that takes one. Read from the table, so that a call added later is covered by the tests that use this
 * (e.g. "no answer shows a private item's content") without anyone remembering to list it.
 */
export function everyBoardCall(values: BoardCallValues): string[] {
  const calls = new Set<string>();
  for (const endpoint of Object.values(endpoints) as Endpoint[]) {
    if (endpoint.method !== 'GET' || endpoint.auth !== 'bearer') continue;
    const fields = Object.keys(endpoint.query?.shape ?? {});
    const path = fillPath(endpoint.path, { id: values.project, org: values.org });
    const base = {
      ...(fields.includes('project') ? { project: values.project } : {}),
      ...(fields.includes('days') ? { days: values.days } : {}),
    };
    const columns = fields.includes('column') ? values.columns : [undefined];
    for (const column of columns) calls.add(`${path}${queryString({ ...base, column })}`);
  }
  return [...calls];
}
