import { boardVersions } from './board-versions.ts';
import { listOwners, listProjects, projectFields } from './board-reads.ts';
import {
  type GithubTransport,
  createTransport,
  eachPage,
  gql,
  gqlNodes,
  needing,
} from './graphql-transport.ts';
import { contentHistory, projectHistory } from './history.ts';
import type { ListItemsOptions } from './items-request.ts';
import { listProjectItems } from './item-listing.ts';
import { toProject } from './mappers.ts';
import * as Q from './queries.ts';
import type {
  GithubBoardFields,
  GithubClientOptions,
  GithubColumn,
  GithubItemHistory,
  GithubProject,
  GithubViewer,
  RateLimitInfo,
} from './types.ts';
import { canReadRepository, getAuthenticatedUser } from './user-reads.ts';
import { defaultWorkflowField, findWorkflowField, type WorkflowFieldRef } from '../boards/workflow-field.ts';
import { toBoardFields } from './board-fields.ts';

export type GithubClient = ReturnType<typeof createGithubClient>;
export type { ListItemsOptions };

/**
 * Fluxion's GitHub client: typed reads over GraphQL (and REST for the user), with retries and rate
 * awareness. One transport per client (graphql-transport.ts); each read is a function of it.
 */
export function createGithubClient(options: GithubClientOptions) {
  const t = createTransport(options);
  return { ...accountReads(t), ...boardReads(t), ...itemReads(t) };
}

function accountReads(t: GithubTransport) {
  return {
    /** The last rate-limit figures GitHub reported (GraphQL budget once a query has run). */
    rateLimit: (): RateLimitInfo | null => t.rate.current,
    getViewer: async (): Promise<GithubViewer> => (await gql<{ viewer: GithubViewer }>(t, Q.VIEWER)).viewer,
    getAuthenticatedUser: () => getAuthenticatedUser(t),
    canReadRepository: (nameWithOwner: string) => canReadRepository(t, nameWithOwner),
    listOwners: () => listOwners(t),
    listProjects: (owner?: string) => listProjects(t, owner),
  };
}

function boardReads(t: GithubTransport) {
  return {
    getProject: async (projectId: string): Promise<GithubProject> =>
      toProject(await projectFields(t, projectId)),

    /** The board's single-select fields and its board view's column field (1 point). */
    getProjectFields: async (projectId: string): Promise<GithubBoardFields> =>
      toBoardFields(await projectFields(t, projectId)),

    /** The board and its fields in one question (1 point). */
    getProjectWithFields: async (
      projectId: string,
    ): Promise<{ project: GithubProject; fields: GithubBoardFields }> => {
      const node = await projectFields(t, projectId);
      return { project: toProject(node), fields: toBoardFields(node) };
    },

    /** The options of a field of the board (by default the default workflow field), in board order: the columns. */
    getProjectColumns: async (projectId: string, field?: WorkflowFieldRef): Promise<GithubColumn[]> => {
      const fields = toBoardFields(await projectFields(t, projectId));
      return (field ? findWorkflowField(fields, field) : defaultWorkflowField(fields))?.options ?? [];
    },

    /** The `updatedAt` of each board, 100 a query at 1 point; a board GitHub does not return is missing. */
    boardVersions: (projectIds: readonly string[]) =>
      boardVersions(
        <T>(query: string, variables: Record<string, unknown>) => gqlNodes<T>(t, query, variables),
        projectIds,
      ),
  };
}

function itemReads(t: GithubTransport) {
  const pager = <D>(query: string, variables: Record<string, unknown>) => eachPage<D>(t, query, variables);
  return {
    /**
     * Every item of a board (all pages); `updatedSinceDays` narrows to items changed since then, where the
     * host can filter (`items(query:)`): elsewhere every item comes back.
     */
    listProjectItems: (projectId: string, opts: ListItemsOptions = {}) =>
      listProjectItems(t, projectId, opts),

    /**
     * Past Status changes from issue timelines: one issue, or every issue on the board. GithubSchemaError
     * where the host's timelines have no Projects (v2) events.
     */
    getStatusHistory: (input: { projectId: string; contentId?: string }): Promise<GithubItemHistory[]> =>
      needing(t, 'projectTimelines', async () =>
        input.contentId
          ? [await contentHistory(pager, input.projectId, input.contentId)]
          : projectHistory(pager, input.projectId),
      ),
  };
}
