import { BOARD_VERSIONS } from './queries.ts';

type Gql = <T>(query: string, variables: Record<string, unknown>) => Promise<T>;
type Data = { nodes: ({ id?: string; updatedAt?: string } | null)[] };

/** GitHub answers at most 100 ids a `nodes` query. */
const IDS_PER_QUERY = 100;

/**
 * The `updatedAt` of each board, 100 boards a query at 1 point (no connection is asked). A board GitHub
 * does not return (deleted, access lost) is missing from the map.
 */
export async function boardVersions(gql: Gql, projectIds: readonly string[]): Promise<Map<string, string>> {
  const versions = new Map<string, string>();
  for (let start = 0; start < projectIds.length; start += IDS_PER_QUERY) {
    const ids = projectIds.slice(start, start + IDS_PER_QUERY);
    const data = await gql<Data>(BOARD_VERSIONS, { ids });
    for (const node of data.nodes) if (node?.id && node.updatedAt) versions.set(node.id, node.updatedAt);
  }
  return versions;
}
