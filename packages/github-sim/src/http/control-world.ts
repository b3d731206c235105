import type { FastifyInstance } from 'fastify';
import {
  addItem,
  type ContentEdit,
  convertDraft,
  createContent,
  deleteItem,
  editContent,
  type LinkInput,
  linkPullRequest,
  moveItem,
  mustProject,
  reorderItem,
  setArchived,
  statusOf,
  trueStatusHistory,
} from '../model/items.ts';
import type { ContentKind, SimProject } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { seedWebApp } from '../seed/seed-world.ts';
import {
  addIterationFields,
  type IterationFieldsInput,
  setIterationValues,
} from '../model/iteration-fields.ts';

type Time = string | number | undefined;

/** Accepts epoch milliseconds or an ISO date. */
export function toMs(at: Time): number | undefined {
  if (at === undefined) return undefined;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (Number.isNaN(ms)) throw new Error(`invalid time ${at}`);
  return ms;
}

export function projectJson(world: World, project: SimProject, withItems = false): Record<string, unknown> {
  return {
    id: project.nodeId,
    number: project.number,
    owner: project.owner,
    ownerType: project.ownerType,
    title: project.title,
    public: project.public,
    statusFieldId: project.statusField.nodeId,
    statusFieldName: project.statusField.name,
    columns: project.statusField.options.map((o) => o.name),
    options: project.statusField.options,
    ...(withItems ? { items: project.itemIds.map((id) => itemJson(world, id)) } : {}),
  };
}

export function itemJson(world: World, itemId: string): Record<string, unknown> {
  const item = world.items.get(itemId);
  if (!item) return { id: itemId, deleted: true };
  const content = world.contents.get(item.contentId);
  return {
    id: item.nodeId,
    projectId: item.projectId,
    contentId: item.contentId,
    number: content?.number,
    title: content?.title,
    kind: content?.kind,
    status: statusOf(world, item)?.name ?? null,
    statusUpdatedAt: item.status ? new Date(item.status.updatedAt).toISOString() : null,
    updatedAt: new Date(item.updatedAt).toISOString(),
    archived: item.archivedAt !== null,
  };
}

type IssueBody = {
  repo: string;
  title: string;
  kind?: ContentKind;
  labels?: string[];
  assignees?: string[];
  milestone?: string;
  visibleTo?: string[];
  projectId?: string;
  status?: string;
  at?: Time;
  actor?: string;
  /** Iteration and Number values by field name (an iteration by title or id). */
  fields?: Record<string, string | number | null>;
};

/** Control API: create accounts, boards, issues and items; edit issues; move, archive, restore, delete items. */
export function registerWorldControl(app: FastifyInstance, world: World): void {
  app.post<{ Body: { login: string; name?: string; email?: string; approvedClients?: string[] } }>(
    '/_sim/users',
    async (req) => {
      const user = world.createUser(req.body);
      return { login: user.login, id: user.databaseId, nodeId: user.nodeId };
    },
  );
  app.post<{ Body: { login: string; name?: string; members?: string[] } }>('/_sim/orgs', async (req) => {
    const org = world.createOrg(req.body);
    return { login: org.login, id: org.databaseId, nodeId: org.nodeId, members: [...org.members] };
  });
  app.post<{ Params: { org: string }; Body: { login: string } }>(
    '/_sim/orgs/:org/members',
    async (req, reply) => {
      const org = world.orgs.get(req.params.org);
      if (!org) return reply.code(404).send({ message: 'no such org' });
      org.members.add(req.body.login);
      return { login: org.login, members: [...org.members] };
    },
  );
  // As "Remove an organization member": they lose the membership and its owner role; what they could read
  // as a member (private boards) they no longer can.
  app.delete<{ Params: { org: string; login: string } }>(
    '/_sim/orgs/:org/members/:login',
    async (req, reply) => {
      const org = world.orgs.get(req.params.org);
      if (!org) return reply.code(404).send({ message: 'no such org' });
      org.members.delete(req.params.login);
      org.owners?.delete(req.params.login);
      return { login: org.login, members: [...org.members] };
    },
  );
  app.post<{
    Body: {
      owner: string;
      title: string;
      columns?: string[];
      statusField?: string;
      singleSelectFields?: { name: string; options: string[] }[];
      boardColumnField?: string;
      public?: boolean;
      number?: number;
      at?: Time;
    } & IterationFieldsInput;
  }>('/_sim/projects', async (req) => {
    const project = world.createProject({ ...req.body, at: toMs(req.body.at) });
    addIterationFields(world, project, req.body);
    return projectJson(world, project);
  });
  app.post<{ Body: { owner: string } }>('/_sim/seeded/web-app', async (req) =>
    projectJson(world, seedWebApp(world, req.body.owner)),
  );
  app.get('/_sim/projects', async () => [...world.projects.values()].map((p) => projectJson(world, p)));
  app.get<{ Params: { id: string } }>('/_sim/projects/:id', async (req) =>
    projectJson(world, mustProject(world, req.params.id), true),
  );
  app.post<{ Body: IssueBody }>('/_sim/issues', async (req) => {
    const body = req.body;
    const at = toMs(body.at);
    const content = createContent(world, { ...body, createdAt: at });
    const item = body.projectId
      ? addItem(world, {
          projectId: body.projectId,
          contentId: content.nodeId,
          at,
          actor: body.actor,
          status: body.status ?? null,
        })
      : null;
    if (item && body.fields) setIterationValues(world, item, body.fields, at ?? world.now());
    return {
      contentId: content.nodeId,
      number: content.number,
      title: content.title,
      itemId: item?.nodeId ?? null,
    };
  });
  // An edit in the repository (title, labels, assignees, state): the board's updatedAt stays (items.ts).
  app.patch<{ Params: { id: string }; Body: Omit<ContentEdit, 'at'> & { at?: Time } }>(
    '/_sim/issues/:id',
    async (req) => {
      const content = editContent(world, req.params.id, { ...req.body, at: toMs(req.body?.at) });
      return {
        contentId: content.nodeId,
        title: content.title,
        updatedAt: new Date(content.updatedAt).toISOString(),
      };
    },
  );
  // A pull request opened for an issue and linked to it (a Development link, or a mention: "Fixes #n");
  // PATCH it with state MERGED to merge it, which closes the issue when the link closes it.
  app.post<{
    Params: { id: string };
    Body: { title?: string; at?: Time; how?: LinkInput['how']; closes?: boolean };
  }>('/_sim/issues/:id/pull-requests', async (req, reply) => {
    const issue = world.contents.get(req.params.id);
    if (issue?.kind !== 'Issue') return reply.code(404).send({ message: 'no such issue' });
    const at = toMs(req.body?.at) ?? world.now();
    const title = req.body?.title ?? `Fix #${issue.number}`;
    const pr = createContent(world, { repo: issue.repo, title, kind: 'PullRequest', createdAt: at });
    const how = req.body?.how ?? 'connected';
    linkPullRequest(world, {
      issueId: issue.nodeId,
      pullRequestId: pr.nodeId,
      how,
      closes: req.body?.closes ?? true,
      at,
    });
    return { contentId: pr.nodeId, number: pr.number };
  });
  // The board's true history: every Status change, whether or not GitHub wrote its timeline event.
  app.get<{ Params: { id: string } }>('/_sim/projects/:id/true-history', async (req) =>
    trueStatusHistory(world, req.params.id),
  );
  app.post<{ Body: { projectId: string; contentId: string; status?: string; at?: Time; actor?: string } }>(
    '/_sim/items',
    async (req) => itemJson(world, addItem(world, { ...req.body, at: toMs(req.body.at) }).nodeId),
  );
  app.post<{ Params: { id: string }; Body: { status: string | null; at?: Time; actor?: string } }>(
    '/_sim/items/:id/move',
    async (req) =>
      itemJson(
        world,
        moveItem(world, {
          itemId: req.params.id,
          status: req.body.status,
          at: toMs(req.body.at),
          actor: req.body.actor,
        }).nodeId,
      ),
  );
  // A user sets an item's iteration or estimate on the board.
  app.post<{ Params: { id: string }; Body: { fields: Record<string, string | number | null>; at?: Time } }>(
    '/_sim/items/:id/fields',
    async (req) => {
      const item = world.items.get(req.params.id);
      if (!item) throw new Error(`no item ${req.params.id}`);
      setIterationValues(world, item, req.body.fields ?? {}, toMs(req.body.at) ?? world.now());
      return itemJson(world, item.nodeId);
    },
  );
  // A drag within the board: after another item (its node id), or first (null).
  app.post<{ Params: { id: string }; Body: { after?: string | null; actor?: string } }>(
    '/_sim/items/:id/reorder',
    async (req) =>
      itemJson(world, reorderItem(world, req.params.id, req.body?.after ?? null, req.body?.actor).nodeId),
  );
  // "Convert to issue" on a draft: the issue is created in `repo` (owner/name).
  app.post<{ Params: { id: string }; Body: { repo: string; actor?: string } }>(
    '/_sim/items/:id/convert',
    async (req) => itemJson(world, convertDraft(world, req.params.id, req.body.repo, req.body.actor).nodeId),
  );
  app.post<{ Params: { id: string } }>('/_sim/items/:id/archive', async (req) =>
    itemJson(world, setArchived(world, req.params.id, true).nodeId),
  );
  app.post<{ Params: { id: string } }>('/_sim/items/:id/restore', async (req) =>
    itemJson(world, setArchived(world, req.params.id, false).nodeId),
  );
  app.delete<{ Params: { id: string } }>('/_sim/items/:id', async (req, reply) => {
    deleteItem(world, req.params.id);
    return reply.code(204).send();
  });
}
