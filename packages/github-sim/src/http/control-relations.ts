import type { FastifyInstance } from 'fastify';
import {
  addBlockedBy,
  addSubIssue,
  createIssueType,
  dependenciesSummary,
  issueTypeOf,
  issueTypesOf,
  removeBlockedBy,
  removeSubIssue,
  setIssueType,
  subIssuesSummary,
} from '../model/hierarchy.ts';
import type { SimContent, SimIssueType } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { iso } from '../webhooks/payload.ts';

/** An issue type as GitHub's REST API shows it (`GET /orgs/{org}/issue-types`). */
export function issueTypeJson(type: SimIssueType): Record<string, unknown> {
  return {
    id: type.id,
    node_id: type.nodeId,
    name: type.name,
    description: type.description,
    color: type.color,
    created_at: iso(type.createdAt),
    updated_at: iso(type.updatedAt),
    is_enabled: type.isEnabled,
  };
}

/** What the control API answers about an issue's relations. */
export function relationsJson(world: World, content: SimContent): Record<string, unknown> {
  return {
    contentId: content.nodeId,
    number: content.number,
    type: issueTypeOf(world, content)?.name ?? null,
    parentId: content.parentId ?? null,
    subIssueIds: content.subIssueIds ?? [],
    subIssuesSummary: subIssuesSummary(world, content),
    blockedByIds: (content.blockedBy ?? []).map((d) => d.contentId),
    issueDependenciesSummary: dependenciesSummary(world, content),
  };
}

function mustContent(world: World, id: string): SimContent {
  const content = world.contents.get(id);
  if (!content) throw Object.assign(new Error(`no issue ${id}`), { statusCode: 404 });
  return content;
}

/**
 * Control API of sub-issues, issue types and dependencies (model/hierarchy.ts): GitHub's rules apply, a
 * broken one answers 422 with GitHub's kind of message.
 */
export function registerRelationControl(app: FastifyInstance, world: World): void {
  const org = (login: string) => {
    const found = world.orgs.get(login);
    if (!found) throw Object.assign(new Error(`no organization ${login}`), { statusCode: 404 });
    return found;
  };
  app.get<{ Params: { org: string } }>('/_sim/orgs/:org/issue-types', async (req) =>
    issueTypesOf(world, org(req.params.org)).map(issueTypeJson),
  );
  app.post<{
    Params: { org: string };
    Body: { name: string; description?: string; color?: SimIssueType['color']; is_enabled?: boolean };
  }>('/_sim/orgs/:org/issue-types', async (req) =>
    issueTypeJson(
      createIssueType(world, org(req.params.org), { ...req.body, isEnabled: req.body.is_enabled }),
    ),
  );
  app.get<{ Params: { id: string } }>('/_sim/issues/:id/relations', async (req) =>
    relationsJson(world, mustContent(world, req.params.id)),
  );
  app.post<{ Params: { id: string }; Body: { type: string | null } }>('/_sim/issues/:id/type', async (req) =>
    relationsJson(world, setIssueType(world, req.params.id, req.body.type)),
  );
  app.post<{ Params: { id: string }; Body: { subIssueId: string; replaceParent?: boolean; actor?: string } }>(
    '/_sim/issues/:id/sub-issues',
    async (req) =>
      relationsJson(
        world,
        addSubIssue(world, { parentId: req.params.id, subId: req.body.subIssueId, ...req.body }),
      ),
  );
  app.delete<{ Params: { id: string; subId: string } }>('/_sim/issues/:id/sub-issues/:subId', async (req) =>
    relationsJson(world, removeSubIssue(world, { parentId: req.params.id, subId: req.params.subId })),
  );
  app.post<{ Params: { id: string }; Body: { blockingId: string; actor?: string } }>(
    '/_sim/issues/:id/blocked-by',
    async (req) =>
      relationsJson(
        world,
        addBlockedBy(world, {
          blockedId: req.params.id,
          blockingId: req.body.blockingId,
          actor: req.body.actor,
        }),
      ),
  );
  app.delete<{ Params: { id: string; blockingId: string } }>(
    '/_sim/issues/:id/blocked-by/:blockingId',
    async (req) =>
      relationsJson(
        world,
        removeBlockedBy(world, { blockedId: req.params.id, blockingId: req.params.blockingId }),
      ),
  );
}
