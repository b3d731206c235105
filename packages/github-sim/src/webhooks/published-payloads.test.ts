import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GithubSim } from '../index.ts';
import { control, startSim } from '../test/helpers.ts';
import { startReceiver } from '../test/receiver.ts';

/**
 * Every kind of delivery the simulator sends, held against GitHub's published webhook schemas: the npm
 * package `@octokit/openapi-webhooks` (12.1.0, 2026-09-16, a devDependency pinned in package-lock.json),
 * its `api.github.com` description. Each delivery is checked against `webhook-<event>-<action>`.
 */
const require = createRequire(import.meta.url);
const DESCRIPTION = JSON.parse(
  readFileSync(require.resolve('@octokit/openapi-webhooks/generated/api.github.com.json'), 'utf8'),
) as { components: { schemas: Record<string, unknown> } };
/**
 * Where the published schema contradicts itself, mended here and nowhere else: `changes.field_value.from`
 * and `to` of `projects_v2_item.edited` list null in their `type` but in no branch of their `oneOf`, and
 * GitHub sends null for a value set from or to nothing.
 */
function mendPublishedDefects(schemas: Record<string, unknown>): void {
  type Node = { oneOf?: unknown[]; properties?: Record<string, Node> };
  const edited = schemas['webhook-projects-v2-item-edited'] as { properties: { changes: { oneOf: Node[] } } };
  const fieldValue = edited.properties.changes.oneOf[0]?.properties?.field_value;
  for (const side of ['from', 'to']) fieldValue?.properties?.[side]?.oneOf?.push({ type: 'null' });
}
mendPublishedDefects(DESCRIPTION.components.schemas);
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...DESCRIPTION, $id: 'github' });

const schemaName = (event: string, action: string) =>
  `webhook-${event.replaceAll('_', '-')}-${action.replaceAll('_', '-')}`;

function problems(event: string, action: string, payload: unknown): string[] {
  const name = schemaName(event, action);
  if (!DESCRIPTION.components.schemas[name]) return [`GitHub publishes no ${name}`];
  const validate = ajv.getSchema(`github#/components/schemas/${name}`);
  if (!validate) return [`no validator for ${name}`];
  if (validate(payload)) return [];
  return (validate.errors ?? []).map((e) => `${name} ${e.instancePath} ${e.message}`);
}

let sim: GithubSim;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // Compiling GitHub's schemas takes seconds: here, not inside the test's time.
  for (const name of Object.keys(DESCRIPTION.components.schemas))
    if (/^webhook-(projects-v2-item|installation|github-app-authorization)-/.test(name))
      ajv.getSchema(`github#/components/schemas/${name}`);
  receiver = await startReceiver();
  sim = await startSim({ clock: 'manual', webhookUrls: [receiver.url], webhookSecret: 'shh' });
  await control(sim, '/_sim/app', { webhookUrl: receiver.url });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

describe("the simulator's webhooks against GitHub's published schemas", () => {
  it('every delivery, of every event and action it sends, is valid', async () => {
    const installation = await control<{ id: number }>(sim, '/_sim/installations', { org: 'fluxion-labs' });
    const board = await control<{ id: string }>(sim, '/_sim/projects', {
      owner: 'fluxion-labs',
      title: 'Checked',
      columns: ['Todo', 'Done'],
      iterationField: {
        name: 'Sprint',
        iterations: [{ title: 'Sprint 1', startDate: '2026-10-17', duration: 7 }],
      },
      numberFields: ['Points'],
    });
    const work = await control<{ itemId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/platform',
      title: 'Checked work',
      projectId: board.id,
      status: 'Todo',
      fields: { Sprint: 'Sprint 1', Points: 3 },
    });
    await control(sim, `/_sim/items/${work.itemId}/move`, { status: 'Done' });
    await control(sim, `/_sim/items/${work.itemId}/fields`, { fields: { Points: 2.5 } });
    await control(sim, `/_sim/items/${work.itemId}/fields`, { fields: { Points: null, Sprint: null } });
    const draft = await control<{ itemId: string }>(sim, '/_sim/issues', {
      repo: 'fluxion-labs/platform',
      kind: 'DraftIssue',
      title: 'A draft',
      projectId: board.id,
      status: 'Todo',
    });
    await control(sim, `/_sim/items/${draft.itemId}/reorder`, { after: null });
    await control(sim, `/_sim/items/${draft.itemId}/reorder`, { after: work.itemId });
    await control(sim, `/_sim/items/${draft.itemId}/convert`, { repo: 'fluxion-labs/platform' });
    await control(sim, '/_sim/app/user-tokens', { login: 'octo-alice' });
    await control(sim, '/_sim/app/authorizations/octo-alice', undefined, 'DELETE');
    await control(sim, `/_sim/items/${work.itemId}/archive`);
    await control(sim, `/_sim/items/${work.itemId}/restore`);
    const issue = (title: string) =>
      control<{ contentId: string }>(sim, '/_sim/issues', { repo: 'fluxion-labs/platform', title });
    const [parent, child, blocker] = [await issue('Parent'), await issue('Child'), await issue('Blocker')];
    await control(sim, `/_sim/issues/${parent.contentId}/type`, { type: 'Feature' });
    await control(sim, `/_sim/issues/${parent.contentId}/sub-issues`, { subIssueId: child.contentId });
    await control(sim, `/_sim/issues/${parent.contentId}/sub-issues/${child.contentId}`, undefined, 'DELETE');
    await control(sim, `/_sim/issues/${child.contentId}/blocked-by`, { blockingId: blocker.contentId });
    await control(
      sim,
      `/_sim/issues/${child.contentId}/blocked-by/${blocker.contentId}`,
      undefined,
      'DELETE',
    );
    await control(sim, `/_sim/items/${work.itemId}`, undefined, 'DELETE');
    await control(
      sim,
      `/_sim/installations/${installation.id}/repositories`,
      { repositorySelection: 'selected', repositories: ['platform'] },
      'PUT',
    );
    await control(sim, `/_sim/installations/${installation.id}/accept-permissions`);
    await control(sim, `/_sim/installations/${installation.id}/suspend`);
    await control(sim, `/_sim/installations/${installation.id}/unsuspend`);
    await control(sim, `/_sim/installations/${installation.id}`, undefined, 'DELETE');
    await control(sim, '/_sim/webhooks/flush');

    const deliveries = sim.webhooks.deliveries;
    const kinds = new Set(deliveries.map((d) => `${d.event}.${d.action}`));
    expect([...kinds].sort()).toEqual([
      'github_app_authorization.revoked',
      'installation.created',
      'installation.deleted',
      'installation.new_permissions_accepted',
      'installation.suspend',
      'installation.unsuspend',
      'installation_repositories.removed',
      'issue_dependencies.blocked_by_added',
      'issue_dependencies.blocked_by_removed',
      'issue_dependencies.blocking_added',
      'issue_dependencies.blocking_removed',
      'projects_v2_item.archived',
      'projects_v2_item.converted',
      'projects_v2_item.created',
      'projects_v2_item.deleted',
      'projects_v2_item.edited',
      'projects_v2_item.reordered',
      'projects_v2_item.restored',
      'sub_issues.parent_issue_added',
      'sub_issues.parent_issue_removed',
      'sub_issues.sub_issue_added',
      'sub_issues.sub_issue_removed',
    ]);
    const payloadOf = (action: string) =>
      deliveries.filter((d) => d.action === action).map((d) => JSON.parse(d.body));
    // Reordered: the item before it, before and after the drag (first on the board: none).
    const reorders = payloadOf('reordered').map((p) => p.changes.previous_projects_v2_item_node_id);
    expect(reorders).toContainEqual({ from: work.itemId, to: null });
    expect(reorders).toContainEqual({ from: null, to: work.itemId });
    // Converted: the same item, an issue now.
    const [converted] = payloadOf('converted');
    expect(converted.projects_v2_item).toMatchObject({ node_id: draft.itemId, content_type: 'Issue' });
    expect(converted.changes).toEqual({ content_type: { from: 'DraftIssue', to: 'Issue' } });
    expect(payloadOf('revoked')[0]).toMatchObject({ action: 'revoked', sender: { login: 'octo-alice' } });
    // GitHub lists the events the App subscribes to; those it sends every App unasked are not among them.
    const created = JSON.parse(
      deliveries.find((d) => d.action === 'created' && d.event === 'installation')?.body ?? '{}',
    );
    expect(created.installation.events).toEqual(['projects_v2_item', 'sub_issues', 'issue_dependencies']);
    // A Number value as GitHub types it: an integer, or another number as its decimal string.
    const numbers = deliveries
      .map((d) => JSON.parse(d.body).changes?.field_value)
      .filter((change) => change?.field_type === 'number' && change.to !== null);
    expect(numbers.map((change) => change.to)).toContain('2.5');
    const invalid = deliveries.flatMap((d) => problems(d.event, d.action, JSON.parse(d.body)));
    expect(invalid).toEqual([]);
  });
});
