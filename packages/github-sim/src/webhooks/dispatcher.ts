import { createHmac, randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import type { Faults } from '../http/faults.ts';
import type { ItemChange } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { projectsV2ItemPayload } from './payload.ts';

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
};

/** Signs and POSTs `projects_v2_item` events to the configured URLs, with drop/duplicate faults. */
export class WebhookDispatcher {
  urls: string[];
  secret: string;
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
  }

  private onChange(change: ItemChange): void {
    const payload = projectsV2ItemPayload(this.world, change);
    if (!payload) return;
    const body = JSON.stringify(payload);
    for (const url of this.urls) {
      const dropped = this.faults.take(['drop-webhooks'], 'rest').length > 0;
      const copies = this.faults.take(['duplicate-webhooks'], 'rest').length > 0 ? 2 : 1;
      const delivery = this.record(url, change.action, body, dropped);
      if (dropped) continue;
      this.track(this.send(delivery));
      if (copies > 1) this.duplicate(delivery);
    }
  }

  private record(url: string, action: string, body: string, dropped: boolean): Delivery {
    const delivery: Delivery = {
      id: randomUUID(),
      event: 'projects_v2_item',
      action,
      url,
      body,
      status: null,
      error: null,
      dropped,
      redelivery: false,
      at: this.world.now(),
    };
    this.deliveries.push(delivery);
    return delivery;
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
    const copy: Delivery = { ...original, redelivery: true, dropped: false, status: null, error: null };
    this.deliveries.push(copy);
    this.track(this.send(copy));
    return true;
  }

  private track(promise: Promise<void>): void {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  private async send(delivery: Delivery): Promise<void> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/fluxion-sim',
      'x-github-event': delivery.event,
      'x-github-delivery': delivery.id,
      'x-github-hook-id': String(this.hookId),
      'x-github-hook-installation-target-type': 'organization',
      'x-github-hook-installation-target-id': '1',
    };
    if (this.secret) {
      headers['x-hub-signature-256'] = await sign(this.secret, delivery.body);
      // The legacy SHA-1 header, which GitHub still sends and webhooks-methods no longer makes.
      headers['x-hub-signature'] =
        `sha1=${createHmac('sha1', this.secret).update(delivery.body).digest('hex')}`;
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
