import type { ItemChange, IterationValueEdit, SimAccount, SimProject, StatusOption } from '../model/types.ts';
import type { World } from '../model/world.ts';

const API = 'https://api.github.com';

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function accountJson(account: SimAccount | undefined): Record<string, unknown> | null {
  if (!account) return null;
  const base = `${API}/${account.kind === 'User' ? 'users' : 'orgs'}/${account.login}`;
  return {
    login: account.login,
    id: account.databaseId,
    node_id: account.nodeId,
    avatar_url: `https://avatars.githubusercontent.com/u/${account.databaseId}?v=4`,
    gravatar_id: '',
    url: base,
    html_url: `https://github.com/${account.login}`,
    ...accountUrls(account.login),
    type: account.kind,
    site_admin: false,
  };
}

/** The URLs GitHub's simple-user shape carries (an organization shown as an account has them too). */
function accountUrls(login: string): Record<string, string> {
  const user = `${API}/users/${login}`;
  return {
    followers_url: `${user}/followers`,
    following_url: `${user}/following{/other_user}`,
    gists_url: `${user}/gists{/gist_id}`,
    starred_url: `${user}/starred{/owner}{/repo}`,
    subscriptions_url: `${user}/subscriptions`,
    organizations_url: `${user}/orgs`,
    repos_url: `${user}/repos`,
    events_url: `${user}/events{/privacy}`,
    received_events_url: `${user}/received_events`,
  };
}

/**
 * An organization in GitHub's organization-simple shape: an event's `organization`, and the REST answers'
 * (which give the avatar of the host they are asked on).
 */
export function organizationJson(
  org: SimAccount & { description?: string | null },
  avatar = `https://avatars.githubusercontent.com/u/${org.databaseId}?v=4`,
): Record<string, unknown> {
  const url = `${API}/orgs/${org.login}`;
  return {
    login: org.login,
    id: org.databaseId,
    node_id: org.nodeId,
    url,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: avatar,
    description: org.description ?? null,
  };
}

/**
 * A Number field's value as GitHub's webhook schema types it (string, integer, option or iteration): a
 * whole number as an integer, any other as its decimal string ("2.5").
 */
function numberValueJson(value: number | null): number | string | null {
  if (value === null) return null;
  return Number.isInteger(value) ? value : String(value);
}

function optionJson(option: StatusOption | null): Record<string, unknown> | null {
  return option && { id: option.id, name: option.name, color: option.color, description: option.description };
}

/**
 * A `projects_v2_item` webhook payload as GitHub sends it. For single-select edits (Status or another),
 * `changes.field_value` carries the field and the `from`/`to` option objects (null when unset).
 */
export function projectsV2ItemPayload(world: World, change: ItemChange): Record<string, unknown> | null {
  const project = world.projects.get(change.item.projectId);
  const org = project && world.orgs.get(project.owner);
  if (!project || !org) return null;
  const content = world.contents.get(change.item.contentId);
  const item = change.item;
  const payload: Record<string, unknown> = {
    action: change.action,
    projects_v2_item: {
      id: item.databaseId,
      node_id: item.nodeId,
      project_node_id: project.nodeId,
      content_node_id: content?.nodeId ?? null,
      content_type: content?.kind ?? 'Issue',
      creator: accountJson(world.account(item.creator)),
      created_at: iso(item.createdAt),
      updated_at: iso(item.updatedAt),
      archived_at: iso(item.archivedAt),
    },
  };
  if (change.action === 'edited') {
    const field = change.field ?? project.statusField;
    payload.changes = {
      field_value: {
        field_node_id: field.nodeId,
        field_type: 'single_select',
        field_name: field.name,
        project_number: project.number,
        from: optionJson(change.from),
        to: optionJson(change.to),
      },
    };
  }
  if (change.action === 'edited' && change.iterationEdit)
    payload.changes = { field_value: iterationValueJson(project, change.iterationEdit) };
  if (change.action === 'reordered')
    payload.changes = { previous_projects_v2_item_node_id: { ...change.previousItem } };
  if (change.action === 'converted')
    payload.changes = { content_type: { from: change.fromType, to: content?.kind ?? 'Issue' } };
  if (change.action === 'archived' || change.action === 'restored') {
    const wasArchived = change.action === 'restored';
    payload.changes = {
      archived_at: { from: wasArchived ? iso(change.at) : null, to: wasArchived ? null : iso(change.at) },
    };
  }
  payload.organization = organizationJson(org);
  payload.sender = accountJson(world.account(change.actor));
  return payload;
}

/**
 * `changes.field_value` of an Iteration or Number edit: the field, and its values before and after (an
 * iteration as `{id, title, duration, start_date}`, a number as numberValueJson types it; null when none).
 */
function iterationValueJson(project: SimProject, edit: IterationValueEdit): Record<string, unknown> {
  const base = {
    field_node_id: edit.field.nodeId,
    field_type: edit.type,
    field_name: edit.field.name,
    project_number: project.number,
  };
  if (edit.type === 'number')
    return { ...base, from: numberValueJson(edit.from), to: numberValueJson(edit.to) };
  const iteration = (id: string | null) => {
    const found = edit.field.iterations.find((i) => i.id === id);
    return found
      ? { id: found.id, title: found.title, duration: found.duration, start_date: found.startDate }
      : null;
  };
  return { ...base, from: iteration(edit.from), to: iteration(edit.to) };
}
