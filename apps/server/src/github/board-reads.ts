import { GithubNotFoundError } from './errors.ts';
import { allPages, type GithubTransport, gql } from './graphql-transport.ts';
import { type Page, type RawProject, toProject } from './mappers.ts';
import * as Q from './queries.ts';
import type { GithubOwner, GithubProject } from './types.ts';
import type { RawBoardFields } from './board-fields.ts';

type FieldsData = { node: (RawProject & RawBoardFields) | null };

/** A board and its fields as GitHub answers `PROJECT_FIELDS` (1 point); GithubNotFoundError without it. */
export async function projectFields(
  t: GithubTransport,
  projectId: string,
): Promise<RawProject & RawBoardFields> {
  const node = (await gql<FieldsData>(t, Q.PROJECT_FIELDS, { id: projectId })).node;
  if (!node?.id) throw new GithubNotFoundError(`Project ${projectId} not found`);
  return node;
}

async function projectsOf(t: GithubTransport, owner: string): Promise<RawProject[]> {
  type Data = { organization?: { projectsV2: Page<RawProject> }; user?: { projectsV2: Page<RawProject> } };
  try {
    return await allPages<Data, RawProject>(
      t,
      Q.ORG_PROJECTS,
      { login: owner },
      (data) => data.organization?.projectsV2,
    );
  } catch (error) {
    if (!(error instanceof GithubNotFoundError)) throw error;
    return allPages<Data, RawProject>(t, Q.USER_PROJECTS, { login: owner }, (data) => data.user?.projectsV2);
  }
}

/** Projects of an organization or user; without owner, the viewer's own. */
export async function listProjects(t: GithubTransport, owner?: string): Promise<GithubProject[]> {
  type Data = { viewer: { projectsV2: Page<RawProject> } };
  const raw = owner
    ? await projectsOf(t, owner)
    : await allPages<Data, RawProject>(t, Q.VIEWER_PROJECTS, {}, (data) => data.viewer.projectsV2);
  return raw.map(toProject);
}

/** The user first, then their organizations. */
export async function listOwners(t: GithubTransport): Promise<GithubOwner[]> {
  type Organization = { id: string; login: string; name: string | null };
  type Viewer = { id: string; login: string; name: string | null; organizations: Page<Organization> };
  let viewer: Viewer | undefined;
  const orgs = await allPages<{ viewer: Viewer }, Organization>(t, Q.OWNERS, {}, (data) => {
    viewer = data.viewer;
    return viewer.organizations;
  });
  if (!viewer) return [];
  return [
    { id: viewer.id, login: viewer.login, name: viewer.name, type: 'User' },
    ...orgs.map((o) => ({ ...o, type: 'Organization' as const })),
  ];
}
