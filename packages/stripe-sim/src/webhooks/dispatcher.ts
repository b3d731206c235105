import { stripeId } from '../model/ids.ts';
import type { StripeEvent } from '../model/types.ts';
import { renderEvent } from './render.ts';
import { signatureHeader } from './sign.ts';

export type Delivery = {
  id: string;
  eventId: string;
  type: string;
  url: string;
  status: number | null;
  error: string | null;
  resend: boolean;
};

/**
 * Posts each event, signed, to every endpoint, one after another in the order they happened (Stripe does not
 * promise an order; tests reorder and repeat with `resend`). The signature's timestamp is real time, because
 * receivers check it against their own clock.
 */
export class WebhookDispatcher {
  urls: string[];
  secret: string;
  /** The endpoint's API version, which its events are rendered in; null: the version they were made in. */
  apiVersion: string | null = null;
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(urls: string[], secret: string) {
    this.urls = urls;
    this.secret = secret;
  }

  send(event: StripeEvent, resend = false): void {
    const rendered = this.apiVersion ? renderEvent(event, this.apiVersion) : event;
    const body = JSON.stringify(rendered, null, 2);
    for (const url of this.urls) {
      const delivery: Delivery = {
        id: stripeId('whd'),
        eventId: event.id,
        type: event.type,
        url,
        status: null,
        error: null,
        resend,
      };
      this.deliveries.push(delivery);
      this.pending += 1;
      this.queue = this.queue
        .then(() => this.post(delivery, body))
        .finally(() => {
          this.pending -= 1;
        });
    }
  }

  private async post(delivery: Delivery, body: string): Promise<void> {
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(body, this.secret, Math.floor(Date.now() / 1000)),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
  }

  /** Resolves when every delivery queued so far has been answered (or failed). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Waits for the deliveries queued so far, at most `timeoutMs`. */
  async settle(timeoutMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.idle(), timeout]);
    clearTimeout(timer);
  }
}
