import { createHmac, randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { installationOn } from '../app/model.ts';
import type { Faults } from '../http/faults.ts';
import type { ItemChange } from '../model/types.ts';
import type { AppEvent, World } from '../model/world.ts';
import { appEventPayload } from './app-payload.ts';
import { projectsV2ItemPayload } from './payload.ts';
import type { RelationEvent } from '../model/hierarchy.ts';
import { relationPayload } from './relation-payload.ts';

/**
 * Who a delivery is for: `organization` = the organization webhook (`urls`, `secret`), `integration` = the
 * GitHub App's webhook (its URL and secret), as GitHub's X-GitHub-Hook-Installation-Target-Type says.
 */
export type DeliveryTarget = 'organization' | 'integration';

export type Delivery = {
  id: string;
  event: string;
  action: string;
  url: string;
  body: string;
  status: number | null;
  error: string | null;
  dropped: boolean;
  redelivery: boolean;
  at: number;
  target: DeliveryTarget;
  targetId: number;
  /** The organization whose webhook (target `organization`) or installation it is for. */
  org: string | null;
  /** A delay-webhooks fault held it this long before it was sent. */
  delayedMs: number;
};

const DEFAULT_DELAY_MS = 5000;

/** The `installation` field GitHub puts in every event it sends to an App about an installed account. */
function installationRef(id: number): { id: number; node_id: string } {
  return { id, node_id: Buffer.from(`023:IntegrationInstallation${id}`).toString('base64') };
}

/**
 * Signs and POSTs webhooks: `projects_v2_item` to the organization webhook URLs, and to the App's webhook
 * URL for organizations where it is installed; `installation` and `installation_repositories` to the App.
 * Faults: drop (never), duplicate (twice), delay (late).
 */
export class WebhookDispatcher {
  urls: string[];
  /** The secret of every organization's webhook that has none of its own in `orgSecrets`. */
  secret: string;
  /** Each organization webhook's own secret, by login in lower case (as its owner set it on GitHub). */
  readonly orgSecrets = new Map<string, string>();
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly hookId = 424242;

  constructor(
    private readonly world: World,
    private readonly faults: Faults,
    urls: string[],
    secret: string,
  ) {
    this.urls = urls;
    this.secret = secret;
    world.listeners.add((change) => this.onChange(change));
    world.appListeners.add((event) => this.onAppEvent(event));
    world.relationListeners.add((event) => this.onRelation(event));
  }

  /**
   * `sub_issues` and `issue_dependencies` to the organization webhook URLs, and to the App's webhook where
   * it is installed on the organization, subscribed to the event and may read issues.
   */
  private onRelation(event: RelationEvent): void {
    const payload = relationPayload(this.world, event);
    if (!payload) return;
    const body = JSON.stringify(payload);
    const org = (payload.organization as { login: string }).login;
    for (const url of this.urls) this.dispatch(event.event, event.action, url, body, 'organization', 1, org);
    const app = this.world.app;
    const installation = installationOn(this.world, org);
    if (!app?.webhookUrl || !installation || installation.suspendedAt !== null) return;
    if (!app.events.includes(event.event) || !installation.permissions.issues) return;
    const appBody = JSON.stringify({ ...payload, installation: installationRef(installation.id) });
    this.dispatch(event.event, event.action, app.webhookUrl, appBody, 'integration', app.id, org);
  }

  private onChange(change: ItemChange): void {
    const payload = projectsV2ItemPayload(this.world, change);
    if (!payload) return;
    const body = JSON.stringify(payload);
    const project = this.world.projects.get(change.item.projectId);
    const org = project?.owner ?? null;
    for (const url of this.urls)
      this.dispatch('projects_v2_item', change.action, url, body, 'organization', 1, org);
    const app = this.world.app;
    const installation = project && installationOn(this.world, project.owner);
    if (!app?.webhookUrl || !installation || installation.suspendedAt !== null) return;
    if (!app.events.includes('projects_v2_item') || !installation.permissions.organization_projects) return;
    const appBody = JSON.stringify({ ...payload, installation: installationRef(installation.id) });
    this.dispatch('projects_v2_item', change.action, app.webhookUrl, appBody, 'integration', app.id, org);
  }

  private onAppEvent(event: AppEvent): void {
    const app = this.world.app;
    if (!app?.webhookUrl) return;
    const body = JSON.stringify(appEventPayload(this.world, event));
    this.dispatch(event.event, event.action, app.webhookUrl, body, 'integration', app.id, null);
  }

  private dispatch(
    event: string,
    action: string,
    url: string,
    body: string,
    target: DeliveryTarget,
    targetId: number,
    org: string | null,
  ): void {
    const dropped = this.faults.take(['drop-webhooks'], 'rest').length > 0;
    const copies = this.faults.take(['duplicate-webhooks'], 'rest').length > 0 ? 2 : 1;
    const [delay] = this.faults.take(['delay-webhooks'], 'rest');
    const delivery: Delivery = {
      id: randomUUID(),
      event,
      action,
      url,
      body,
      status: null,
      error: null,
      dropped,
      redelivery: false,
      at: this.world.now(),
      target,
      targetId,
      org,
      delayedMs: delay ? (delay.delayMs ?? DEFAULT_DELAY_MS) : 0,
    };
    this.deliveries.push(delivery);
    if (dropped) return;
    this.track(this.send(delivery));
    if (copies > 1) this.duplicate(delivery);
  }

  private duplicate(delivery: Delivery): void {
    const copy: Delivery = { ...delivery, redelivery: true };
    this.deliveries.push(copy);
    this.track(this.send(copy));
  }

  /** Sends again with the same delivery id, as GitHub's "Redeliver" does. */
  redeliver(id: string): boolean {
    const original = this.deliveries.find((d) => d.id === id);
    if (!original) return false;
    const copy: Delivery = {
      ...original,
      redelivery: true,
      dropped: false,
      status: null,
      error: null,
      delayedMs: 0,
    };
    this.deliveries.push(copy);
    this.track(this.send(copy));
    return true;
  }

  private track(promise: Promise<void>): void {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  /** The secret a delivery is signed with now (a redelivery uses the current one, as on GitHub). */
  private secretFor(delivery: Delivery): string {
    if (delivery.target === 'integration') return this.world.app?.webhookSecret ?? '';
    return (delivery.org && this.orgSecrets.get(delivery.org.toLowerCase())) ?? this.secret;
  }

  private async send(delivery: Delivery): Promise<void> {
    if (delivery.delayedMs > 0) await new Promise((r) => setTimeout(r, delivery.delayedMs));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/fluxion-sim',
      'x-github-event': delivery.event,
      'x-github-delivery': delivery.id,
      'x-github-hook-id': String(this.hookId + (delivery.target === 'integration' ? 1 : 0)),
      'x-github-hook-installation-target-type': delivery.target,
      'x-github-hook-installation-target-id': String(delivery.targetId),
    };
    const secret = this.secretFor(delivery);
    if (secret) {
      headers['x-hub-signature-256'] = await sign(secret, delivery.body);
      // The legacy SHA-1 header, which GitHub still sends and webhooks-methods no longer makes.
      headers['x-hub-signature'] = `sha1=${createHmac('sha1', secret).update(delivery.body).digest('hex')}`;
    }
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
  }

  /** Resolves when every delivery started so far has been answered (or failed). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
