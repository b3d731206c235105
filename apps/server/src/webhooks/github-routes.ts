import { DEPENDENCY_EVENT, handleDependencyDelivery } from './dependency-event.ts';
import { handleSubIssuesDelivery, SUB_ISSUES_EVENT } from './sub-issues-event.ts';
import { recordChanges } from '../boards/changes.ts';
import { endpoints } from '@fluxion/contract';
import { verify } from '@octokit/webhooks-methods';
import type { FastifyInstance } from 'fastify';
import type { Move } from '../collector/observation.ts';
import type { AppContext } from '../context.ts';
import { scheduleResync } from '../boards/repository.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { parseColumns } from '../tracked-boards/to-api.ts';
import {
  type BoardWorkflow,
  interpretItemEvent,
  interpretIterationEdit,
  type IterationFieldEffect,
  projectsV2ItemEventSchema,
} from './github-event.ts';
import { readIterationFields } from '../iterations/queries.ts';
import { parseColumnOptions } from '../boards/columns.ts';
import { workflowFieldOf } from '../boards/workflow-field.ts';
import { AUTHORIZATION_EVENT, handleAuthorizationDelivery } from './authorization-event.ts';
import { handleInstallationDelivery, isInstallationEvent } from './installation-event.ts';
import { type BoardLookup, boardLookup, type WebhookBoard } from './board-lookup.ts';
import { markDelivery, recordDeliveredIterationEdit, standsIn } from './queries.ts';
import { orgWebhookSecret } from './org-secrets.ts';
import { deliveredMoveRecorder, type RecordDeliveredMove } from './record-moves.ts';
import { storedBlockedField } from '../tracked-boards/blocked-field.ts';
import { usableBreakdownField } from '../tracked-boards/breakdown-field.ts';
import { recordFieldValueChanges } from '../move-log/field-changes.ts';

type Recorders = { recordMove: RecordDeliveredMove; boardOf: BoardLookup };

/**
 * `POST /webhooks/github`: signature checked over the raw body, each delivery processed once. Only
 * `projects_v2_item` events of tracked boards do anything; everything else is acknowledged and ignored.
 */
export async function githubWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const recorders = { recordMove: deliveredMoveRecorder(ctx), boardOf: boardLookup(ctx) };
  const appSecret = ctx.config.github.app?.webhookSecret ?? null;
  const sharedSecret = ctx.config.github.webhookSecret ?? null;
  const signs = (secret: string | null, raw: string, signature: string) =>
    secret !== null && verify(secret, raw, signature).catch(() => false);
  /**
   * Who signed: the GitHub App, or the organization the payload names with that organization's own secret.
   * The shared GITHUB_WEBHOOK_SECRET speaks for an organization only while it has no secret of its own
   * (webhooks set up before per-organization secrets; docs/github.md, "Organization webhooks").
   */
  const signerOf = async (raw: string, signature: string, named: string | null): Promise<Signer | null> => {
    if (await signs(appSecret, raw, signature)) return { kind: 'app' };
    const own = named === null ? null : await orgWebhookSecret(ctx, named);
    if (own !== null) return (await signs(own, raw, signature)) ? { kind: 'organization', org: named } : null;
    if (await signs(sharedSecret, raw, signature)) return { kind: 'organization', org: named };
    return null;
  };

  registerEndpoint(app, endpoints.githubWebhook, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = String(request.headers['x-hub-signature-256'] ?? '');
    const delivery = String(request.headers['x-github-delivery'] ?? '');
    const event = String(request.headers['x-github-event'] ?? '');
    const payload = parseJson(raw);
    const signer = signature ? await signerOf(raw, signature, namedOrganization(payload)) : null;
    if (!signer) {
      return reply.status(401).send({ error: 'unauthorized', message: 'Invalid webhook signature' });
    }
    // The App's deliveries are the App's alone: an organization webhook's secret cannot speak for them.
    if (signer.kind !== 'app' && isAppDelivery(event, request.headers, payload))
      return reply.status(401).send({
        error: 'unauthorized',
        message: `A delivery to the GitHub App (${event}) must be signed with the GitHub App's secret`,
      });
    if (!delivery)
      return reply.status(400).send({ error: 'bad_request', message: 'X-GitHub-Delivery is required' });
    if (event === 'ping') return { status: 'pong' };
    if (event === DEPENDENCY_EVENT || event === SUB_ISSUES_EVENT) {
      if (payload === undefined)
        return reply.status(400).send({ error: 'bad_request', message: 'Body is not valid JSON' });
      // An organization's webhook speaks for its own boards only ('' when it named none: no board).
      const org = signer.kind === 'app' ? null : (signer.org ?? '');
      const handled =
        event === DEPENDENCY_EVENT
          ? await handleDependencyDelivery(ctx, payload, delivery, org)
          : await handleSubIssuesDelivery(ctx, payload, delivery, org);
      if (!handled.ok) {
        const { message, field } = handled;
        return reply.status(400).send({ error: 'bad_request', message, ...(field ? { field } : {}) });
      }
      request.log.info({ delivery, event, status: handled.status }, 'github webhook');
      return { status: handled.status };
    }
    if (event !== 'projects_v2_item' && event !== AUTHORIZATION_EVENT && !isInstallationEvent(event))
      return { status: 'ignored', reason: `event ${event}` };
    if (payload === undefined)
      return reply.status(400).send({ error: 'bad_request', message: 'Body is not valid JSON' });
    if (isInstallationEvent(event) || event === AUTHORIZATION_EVENT) {
      const handled = isInstallationEvent(event)
        ? await handleInstallationDelivery(ctx, event, payload)
        : await handleAuthorizationDelivery(ctx, payload);
      if (!handled.ok) {
        const { message, field } = handled;
        return reply.status(400).send({ error: 'bad_request', message, ...(field ? { field } : {}) });
      }
      request.log.info({ delivery, event, status: handled.status }, 'github webhook');
      return { status: handled.status };
    }
    const parsed = projectsV2ItemEventSchema.safeParse(payload);
    if (!parsed.success) {
      // Refused whole, before anything is recorded or marked: GitHub's retries are refused alike.
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      const message = `Not a projects_v2_item payload${field ? `: ${field}: ${issue?.message}` : ''}`;
      return reply.status(400).send({ error: 'bad_request', message, ...(field ? { field } : {}) });
    }
    const outcome = await applyEvent(ctx, recorders, { event: parsed.data, payload, signer }, delivery);
    if (typeof outcome !== 'string') {
      request.log.warn({ delivery, event }, outcome.message);
      const error = outcome.status === 403 ? 'forbidden' : 'bad_request';
      return reply.status(outcome.status).send({ error, message: outcome.message });
    }
    request.log.info({ delivery, action: parsed.data.action, status: outcome }, 'github webhook');
    return { status: outcome };
  });
}

/** A delivery refused whole: nothing recorded, not even its mark (it may never touch this board). */
type Refusal = { status: 400 | 403; message: string };

/**
 * A move is recorded with its delivery's mark, in one transaction. Any other outcome is idempotent and
 * marked after it took effect, answering `duplicate` when the delivery had been marked already.
 */
async function applyEvent(
  ctx: AppContext,
  { recordMove, boardOf }: Recorders,
  {
    event,
    payload,
    signer,
  }: { event: ReturnType<typeof projectsV2ItemEventSchema.parse>; payload: unknown; signer: Signer },
  delivery: string,
): Promise<string | Refusal> {
  const board = await boardOf(event.projects_v2_item.project_node_id);
  const refusal = board && signer.kind === 'organization' ? strangerOrganization(board, signer) : null;
  if (refusal !== null) return refusal;
  const edit = board ? await iterationEffect(ctx, board, event, payload) : null;
  if (board && edit) return applyIterationEdit(ctx, board, edit, delivery);
  const outcome = await interpret(ctx, board, event);
  if (typeof outcome !== 'string') {
    const { boardId, move, fieldId } = outcome;
    return recordMove(boardId, { deliveryId: delivery, move, fieldId });
  }
  return (await markDelivery(ctx.db, delivery, ctx.now())) ? outcome : 'duplicate';
}

/**
 * An edit of the board's Iteration or estimate field (docs/metrics.md, "Iterations and estimates"), or null
 * for any other event. Only an edit that is not of a single-select field reads the board's iteration fields.
 */
async function iterationEffect(
  ctx: AppContext,
  board: WebhookBoard,
  event: ReturnType<typeof projectsV2ItemEventSchema.parse>,
  payload: unknown,
): Promise<IterationFieldEffect | null> {
  const change = event.changes?.field_value;
  if (event.action !== 'edited' || !change?.field_node_id || change.field_type === 'single_select')
    return null;
  const fields = await readIterationFields(ctx.db, board.id);
  const ids = { iteration: fields.iterationField?.id ?? null, estimate: fields.estimateField?.id ?? null };
  return interpretIterationEdit(payload, ids);
}

/** Records the iteration or estimate change with its delivery's mark; without the new value in the payload, the next sync reads it. */
async function applyIterationEdit(
  ctx: AppContext,
  board: WebhookBoard,
  effect: IterationFieldEffect,
  delivery: string,
): Promise<string> {
  const now = ctx.now();
  let outcome: string;
  if (effect.kind === 'resync') {
    const scheduled = await scheduleResync(ctx.db, board.id, now, false);
    outcome = scheduled ? 'resync scheduled' : 'resync deferred: backing off';
  } else if (effect.edit.at < wholeSecond(board.added_at)) {
    outcome = 'ignored: before the board was added';
  } else {
    return recordDeliveredIterationEdit(ctx.db, board.id, delivery, effect.edit, now);
  }
  return (await markDelivery(ctx.db, delivery, now)) ? outcome : 'duplicate';
}

/** The board's workflow field and its options' current names by id (github-event.ts). */
function boardWorkflow(board: WebhookBoard): BoardWorkflow {
  const options = parseColumnOptions(board.column_options) ?? [];
  return {
    field: workflowFieldOf(board),
    optionNames: new Map(options.map((o) => [o.id, o.name])),
    blockedField: storedBlockedField(board.flow_policies),
    breakdownField: usableBreakdownField(board.breakdown_field),
  };
}

/** What the event does: a move to record on a board, or the outcome of anything else. */
async function interpret(
  ctx: AppContext,
  board: WebhookBoard | undefined,
  event: ReturnType<typeof projectsV2ItemEventSchema.parse>,
): Promise<string | { boardId: string; move: Move; fieldId: string | null }> {
  if (!board) return 'untracked';
  const effect = interpretItemEvent(event, parseColumns(board.column_list), ctx.now(), boardWorkflow(board));
  if (effect.kind === 'ignore') return `ignored: ${effect.reason}`;
  if (effect.kind === 'field') {
    // Written once however often delivered (its key), so it is marked like any other idempotent outcome.
    const { itemId, values, at } = effect;
    const recorded = values.map(({ field, value }) => ({ itemId, field, value, at }));
    await recordChanges(ctx.db, board.id, (changes) =>
      recordFieldValueChanges(changes, recorded, 'webhook', ctx.now()),
    );
    // Named otherwise than stored: renamed on GitHub (or a late delivery from before a rename), so a full
    // sync reads the board's fields and stores the name GitHub has; listings ask the field by it.
    if (effect.renamed) await scheduleResync(ctx.db, board.id, ctx.now(), true);
    return `${values.map((v) => v.what).join(' and ')} field recorded`;
  }
  if (effect.kind === 'resync') {
    // A column the board does not know: the next sync must be a full one, which reads the columns.
    // A board backing off from errors keeps its schedule: a webhook must not hammer a failing GitHub.
    // The updatedAt kept to compare with is forgotten: the sync lists the board even on a host where
    // the change left updatedAt as it was.
    const scheduled = await scheduleResync(ctx.db, board.id, ctx.now(), effect.full);
    return scheduled ? 'resync scheduled' : 'resync deferred: backing off';
  }
  // A late delivery of a move made before the board was added: the first snapshot already sums it up.
  // GitHub stamps whole seconds, so a move stamped with the second the board was added may be after it.
  if (effect.at < wholeSecond(board.added_at)) return 'ignored: before the board was added';
  let at = effect.at;
  if (at < board.added_at) {
    // Before or after it: if the item stands in the move's column, a listing has seen the move already;
    // otherwise it came later, and only its delivery dates it more closely than its stamp.
    if (await standsIn(ctx.db, board.id, effect)) return 'ignored: a listing has it';
    at = ctx.now();
  }
  return {
    boardId: board.id,
    move: {
      itemId: effect.itemId,
      from: effect.from,
      to: effect.to,
      at,
      source: 'webhook',
      ...(effect.archived ? { archived: true } : {}),
    },
    fieldId: board.workflow_field_id,
  };
}

const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * Who signed a delivery: the GitHub App's secret, or an organization's webhook, for the organization its
 * payload names (`org`; null when it names none, which only the shared secret can sign).
 */
type Signer = { kind: 'app' } | { kind: 'organization'; org: string | null };

/**
 * Why an organization webhook's delivery may not touch this board, or null: it must name the organization
 * that owns it (an organization's webhook reports that organization's boards only; the App's deliveries
 * come from GitHub under a secret no tenant knows).
 */
function strangerOrganization(board: WebhookBoard, signer: { org: string | null }): Refusal | null {
  const named = signer.org;
  if (named !== null && named.toLowerCase() === board.owner_login.toLowerCase()) return null;
  return named === null
    ? {
        status: 400,
        message: "An organization webhook's delivery must name its organization (organization.login)",
      }
    : {
        status: 403,
        message: `This delivery names the organization ${named}, but the board belongs to ${board.owner_login}: an organization's webhook reports its own boards only`,
      };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The organization a payload names (`organization.login`), read before its signature is known. */
function namedOrganization(payload: unknown): string | null {
  const login = (payload as { organization?: { login?: unknown } } | null)?.organization?.login;
  return typeof login === 'string' && login.length > 0 && login.length <= 100 ? login : null;
}

/** The GitHub App's own events (its installation and its users' authorizations). */
const APP_EVENTS = new Set(['installation', 'installation_repositories', 'github_app_authorization']);

/**
 * A delivery GitHub makes to the App: one of its own events, or any event GitHub sends it as the App's
 * (X-GitHub-Hook-Installation-Target-Type `integration`, or the payload's `installation`).
 */
function isAppDelivery(event: string, headers: Record<string, unknown>, payload: unknown): boolean {
  if (APP_EVENTS.has(event)) return true;
  if (headers['x-github-hook-installation-target-type'] === 'integration') return true;
  return typeof payload === 'object' && payload !== null && 'installation' in payload;
}
