import { GraphqlResponseError } from '@octokit/graphql';
import { boardVersions } from './board-versions.ts';
import { toGithubError } from './error-mapping.ts';
import { FieldRenamedError, GithubNotFoundError, GithubSchemaError } from './errors.ts';
import { contentHistory, projectHistory } from './history.ts';
import { type HostFeature, hostLacks, markHostLacks } from './host-features.ts';
import {
  type ItemsRequest,
  itemsRequest,
  type ListItemsOptions,
  type ListVariables,
} from './items-request.ts';
import {
  hasBlockers,
  type Page,
  present,
  type RawItem,
  type RawProject,
  type RawRelatedIssue,
  toItem,
  toProject,
  toRelatedIssue,
} from './mappers.ts';
import { createOctokit } from './octokit.ts';
import * as Q from './queries.ts';
import {
  defaultWorkflowField,
  findWorkflowField,
  type RawBoardFields,
  toBoardFields,
} from './workflow-field.ts';
import type {
  GithubAuthenticatedUser,
  GithubBoardFields,
  GithubClientOptions,
  GithubColumn,
  GithubItemHistory,
  GithubOwner,
  GithubProject,
  GithubProjectItem,
  GithubViewer,
  RateLimitInfo,
  WorkflowFieldRef,
} from './types.ts';

type Rate = {
  rateLimit?: { limit: number; remaining: number; used: number; cost: number; resetAt: string } | null;
};
type FieldsData = { node: (RawProject & RawBoardFields) | null };

export type GithubClient = ReturnType<typeof createGithubClient>;
export type { ListItemsOptions };

type AskedField = { id?: string } | null | undefined;
type AskedFields = Partial<
  Record<'askedField' | 'askedBlockedField' | 'askedIterationField' | 'askedEstimateField', AskedField>
>;
type FieldCheck = { alias: keyof AskedFields; want: string | null | undefined; name: string | undefined };

/** The fields asked by name on each item, with the ids they must have (unknown ids are not checked). */
function fieldChecks(variables: ListVariables, opts: ListItemsOptions): FieldCheck[] {
  return [
    { alias: 'askedField', want: opts.fieldIds?.workflow, name: variables.field },
    { alias: 'askedBlockedField', want: opts.fieldIds?.blocked, name: variables.blockedField },
    { alias: 'askedIterationField', want: opts.plan?.iterationFieldId, name: variables.iterationField },
    { alias: 'askedEstimateField', want: opts.plan?.estimateFieldId, name: variables.estimateField },
  ];
}

function checkAskedFields(node: AskedFields | null, checks: FieldCheck[]) {
  if (!node) return;
  for (const { alias, want, name } of checks) {
    if (want && node[alias]?.id !== want) {
      throw new FieldRenamedError(
        `the field "${name ?? ''}" is no longer the board's field ${want} on GitHub`,
      );
    }
  }
}

/** A connection's page in a query's answer; undefined where the answer has none (e.g. a null node). */
type PickPage<D, T> = (data: D) => Page<T> | undefined;

/** Whether every error of a `nodes(ids:)` answer is an id GitHub could not resolve for this token. */
function onlyUnresolvedNodes(error: GraphqlResponseError<unknown>): boolean {
  return (
    error.data !== undefined &&
    error.data !== null &&
    (error.errors ?? []).every(
      (e) =>
        ['NOT_FOUND', 'FORBIDDEN'].includes((e as { type?: string }).type ?? '') && e.path?.[0] === 'nodes',
    )
  );
}

/** Fluxion's GitHub client: typed reads over GraphQL (and REST for the user), with retries and rate awareness. */
/** A schema error naming one of these is a host without the issues' types and dependencies. */
const RELATION_FIELDS = /issueType|issueDependenciesSummary|blockedBy|IssueType/;

export function createGithubClient(options: GithubClientOptions) {
  const { octokit, rate } = createOctokit(options);
  const host = options.apiUrl.replace(/\/$/, '');

  function noteRate(data: Rate): void {
    const limit = data.rateLimit;
    if (limit) rate.current = { ...limit, resource: 'graphql' };
  }

  async function typed<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw toGithubError(error, rate.current?.resetAt ?? null);
    }
  }

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const data = await typed(() => octokit.graphql<T & Rate>(query, variables));
    noteRate(data);
    return data;
  }

  /**
   * A `nodes(ids:)` query: GitHub answers the ids it cannot resolve for this token (deleted, access lost)
   * with null and a NOT_FOUND or FORBIDDEN error at their place, and the others alongside. Those errors
   * leave the partial answer; any other error is thrown, typed.
   */
  async function gqlNodes<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    let data: T & Rate;
    try {
      data = await octokit.graphql<T & Rate>(query, variables);
    } catch (error) {
      if (!(error instanceof GraphqlResponseError) || !onlyUnresolvedNodes(error)) {
        throw toGithubError(error, rate.current?.resetAt ?? null);
      }
      data = error.data as T & Rate;
    }
    noteRate(data);
    return data;
  }

  async function* eachPage<D>(query: string, variables: Record<string, unknown>): AsyncGenerator<D & Rate> {
    const pages = octokit.graphql.paginate.iterator<D & Rate>(query, variables)[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<D & Rate>;
      try {
        next = await pages.next();
      } catch (error) {
        if ((error as Error).name !== 'MissingPageInfo')
          throw toGithubError(error, rate.current?.resetAt ?? null);
        next = { done: false, value: (error as { response: D & Rate }).response };
        noteRate(next.value);
        yield next.value;
        return;
      }
      if (next.done) return;
      noteRate(next.value);
      yield next.value;
    }
  }

  async function allPages<D, T>(query: string, variables: Record<string, unknown>, pick: PickPage<D, T>) {
    const all: T[] = [];
    for await (const data of eachPage<D>(query, variables)) all.push(...present(pick(data)?.nodes ?? []));
    return all;
  }

  async function needing<T>(feature: HostFeature, run: () => Promise<T>): Promise<T> {
    if (hostLacks(host, feature)) throw new GithubSchemaError(`${host} does not offer ${feature}`);
    try {
      return await run();
    } catch (error) {
      if (error instanceof GithubSchemaError && markHostLacks(host, feature))
        options.logger?.warn({ host, feature, reason: error.message }, 'GitHub host lacks a GraphQL feature');
      throw error;
    }
  }

  async function listItems(
    { document, variables }: ItemsRequest,
    opts: ListItemsOptions,
  ): Promise<GithubProjectItem[]> {
    type Data = { node: ({ items?: Page<RawItem> } & AskedFields) | null };
    const checks = fieldChecks(variables, opts);
    const raw = await allPages<Data, RawItem>(document, variables, (data) => {
      checkAskedFields(data.node, checks);
      return data.node?.items;
    });
    const items = raw.map(toItem);
    const blocked = raw.filter(hasBlockers).map((r) => r.content?.id ?? '');
    if (blocked.length > 0) await addBlockers(items, blocked);
    return items;
  }

  /** The issues blocking those the listing found blocked: 100 issues a round trip (Q.BLOCKED_BY). */
  async function addBlockers(items: GithubProjectItem[], contentIds: string[]): Promise<void> {
    type Data = { nodes: ({ id?: string; blockedBy?: { nodes: (RawRelatedIssue | null)[] } } | null)[] };
    const blockers = new Map<string, RawRelatedIssue[]>();
    for (let i = 0; i < contentIds.length; i += 100) {
      const data = await gqlNodes<Data>(Q.BLOCKED_BY, { ids: contentIds.slice(i, i + 100) });
      for (const node of data.nodes)
        if (node?.id && node.blockedBy) blockers.set(node.id, present(node.blockedBy.nodes));
    }
    for (const item of items) {
      const relations = item.content?.relations;
      const found = item.content && blockers.get(item.content.id);
      if (relations && found) relations.blockedBy = found.map(toRelatedIssue);
    }
  }

  /**
   * The listing with the issues' types and dependencies where the host has them; a host without them
   * (older GitHub Enterprise) is listed without them from then on (unpublished.ts).
   */
  async function listRelated(projectId: string, opts: ListItemsOptions, filtered: boolean) {
    const relations = !hostLacks(host, 'issueRelations');
    try {
      return await listItems(itemsRequest(projectId, opts, { filtered, relations }), opts);
    } catch (error) {
      if (!relations || !(error instanceof GithubSchemaError) || !RELATION_FIELDS.test(error.message))
        throw error;
      if (markHostLacks(host, 'issueRelations'))
        options.logger?.warn(
          { host, reason: error.message },
          'GitHub host lacks issue types or dependencies',
        );
      return listItems(itemsRequest(projectId, opts, { filtered, relations: false }), opts);
    }
  }

  async function projectFields(projectId: string): Promise<RawProject & RawBoardFields> {
    const node = (await gql<FieldsData>(Q.PROJECT_FIELDS, { id: projectId })).node;
    if (!node?.id) throw new GithubNotFoundError(`Project ${projectId} not found`);
    return node;
  }

  async function projectsOf(owner: string): Promise<RawProject[]> {
    type Data = { organization?: { projectsV2: Page<RawProject> }; user?: { projectsV2: Page<RawProject> } };
    try {
      return await allPages<Data, RawProject>(
        Q.ORG_PROJECTS,
        { login: owner },
        (data) => data.organization?.projectsV2,
      );
    } catch (error) {
      if (!(error instanceof GithubNotFoundError)) throw error;
      return allPages<Data, RawProject>(Q.USER_PROJECTS, { login: owner }, (data) => data.user?.projectsV2);
    }
  }

  return {
    /** The last rate-limit figures GitHub reported (GraphQL budget once a query has run). */
    rateLimit: (): RateLimitInfo | null => rate.current,

    getViewer: async (): Promise<GithubViewer> => (await gql<{ viewer: GithubViewer }>(Q.VIEWER)).viewer,

    getAuthenticatedUser: async (): Promise<GithubAuthenticatedUser> => {
      const { data } = await typed(() => octokit.request('GET /user'));
      return {
        id: Number(data.id),
        node_id: data.node_id,
        login: data.login,
        name: data.name ?? null,
        email: data.email ?? null,
        avatar_url: data.avatar_url,
      };
    },

    /**
     * Whether the token may read repository `owner/name` (and so see its issues' content on a board):
     * GitHub answers 404 for a private repository the token may not read.
     */
    canReadRepository: async (nameWithOwner: string): Promise<boolean> => {
      const [owner = '', repo = ''] = nameWithOwner.split('/');
      try {
        await typed(() => octokit.request('GET /repos/{owner}/{repo}', { owner, repo }));
        return true;
      } catch (error) {
        if (error instanceof GithubNotFoundError) return false;
        throw error;
      }
    },

    /** The user first, then their organizations. */
    listOwners: async (): Promise<GithubOwner[]> => {
      type Data = {
        viewer: {
          id: string;
          login: string;
          name: string | null;
          organizations: Page<{ id: string; login: string; name: string | null }>;
        };
      };
      type Organization = { id: string; login: string; name: string | null };
      let viewer: Data['viewer'] | undefined;
      const orgs = await allPages<Data, Organization>(Q.OWNERS, {}, (data) => {
        viewer = data.viewer;
        return viewer.organizations;
      });
      if (!viewer) return [];
      return [
        { id: viewer.id, login: viewer.login, name: viewer.name, type: 'User' },
        ...orgs.map((o) => ({ ...o, type: 'Organization' as const })),
      ];
    },

    /** Projects of an organization or user; without owner, the viewer's own. */
    listProjects: async (owner?: string): Promise<GithubProject[]> => {
      type Data = { viewer: { projectsV2: Page<RawProject> } };
      const raw = owner
        ? await projectsOf(owner)
        : await allPages<Data, RawProject>(Q.VIEWER_PROJECTS, {}, (data) => data.viewer.projectsV2);
      return raw.map(toProject);
    },

    getProject: async (projectId: string): Promise<GithubProject> =>
      toProject(await projectFields(projectId)),

    /** The board's single-select fields and its board view's column field (1 point). */
    getProjectFields: async (projectId: string): Promise<GithubBoardFields> =>
      toBoardFields(await projectFields(projectId)),

    /** The board and its fields in one question (1 point). */
    getProjectWithFields: async (
      projectId: string,
    ): Promise<{ project: GithubProject; fields: GithubBoardFields }> => {
      const node = await projectFields(projectId);
      return { project: toProject(node), fields: toBoardFields(node) };
    },

    /** The options of a field of the board (by default the default workflow field), in board order: the columns. */
    getProjectColumns: async (projectId: string, field?: WorkflowFieldRef): Promise<GithubColumn[]> => {
      const fields = toBoardFields(await projectFields(projectId));
      return (field ? findWorkflowField(fields, field) : defaultWorkflowField(fields))?.options ?? [];
    },

    /**
     * Every item of a board (all pages); `updatedSinceDays` narrows to items changed since then, where the
     * host can filter (`items(query:)`): elsewhere every item comes back.
     */
    listProjectItems: async (
      projectId: string,
      opts: ListItemsOptions = {},
    ): Promise<GithubProjectItem[]> => {
      if (opts.updatedSinceDays) {
        try {
          return await needing('filteredItems', () => listRelated(projectId, opts, true));
        } catch (error) {
          if (!(error instanceof GithubSchemaError)) throw error;
        }
      }
      return listRelated(projectId, opts, false);
    },

    /**
     * Past Status changes from issue timelines: one issue, or every issue on the board. GithubSchemaError
     * where the host's timelines have no Projects (v2) events.
     */
    getStatusHistory: (input: { projectId: string; contentId?: string }): Promise<GithubItemHistory[]> =>
      needing('projectTimelines', async () =>
        input.contentId
          ? [await contentHistory(eachPage, input.projectId, input.contentId)]
          : projectHistory(eachPage, input.projectId),
      ),

    /** The `updatedAt` of each board, 100 a query at 1 point; a board GitHub does not return is missing. */
    boardVersions: (projectIds: readonly string[]) => boardVersions(gqlNodes, projectIds),
  };
}
