/** An e-mail the catcher accepted, as a mail client would read it. */
export type CaughtMail = {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
  /** Every header, lower-cased names, as sent (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers: Record<string, string>;
  text: string;
  html: string | null;
};

/** A message posted to a Slack incoming webhook of the receiver. */
export type CaughtSlack = {
  id: number;
  receivedAt: string;
  /** The webhook's path after /slack/services/ (which "channel" it went to). */
  webhook: string;
  body: { text?: string; blocks?: unknown[] };
};

/** Failures to inject: the next `count` deliveries are refused (null count: until cleared). */
export type Faults = {
  smtp: { code: number; message: string; count: number | null } | null;
  /** `delayMs`: the answer comes that late (a hung receiver: the sender times out first). */
  slack: { status: number; count: number | null; delayMs?: number } | null;
  /** The next messages are kept, then their acceptance is held back `ms` (a sender killed meanwhile). */
  hold?: { ms: number; count: number | null } | null;
};

export class Inbox {
  mails: CaughtMail[] = [];
  slack: CaughtSlack[] = [];
  faults: Faults = { smtp: null, slack: null };
  private next = 1;

  addMail(mail: Omit<CaughtMail, 'id' | 'receivedAt'>): CaughtMail {
    const caught = { ...mail, id: this.next++, receivedAt: new Date().toISOString() };
    this.mails.push(caught);
    return caught;
  }

  addSlack(webhook: string, body: CaughtSlack['body']): CaughtSlack {
    const caught = { id: this.next++, receivedAt: new Date().toISOString(), webhook, body };
    this.slack.push(caught);
    return caught;
  }

  /** The fault to answer this delivery with, if any (counted down). */
  take<K extends keyof Faults>(kind: K): Faults[K] | null {
    const fault = this.faults[kind];
    if (!fault) return null;
    if (fault.count !== null) {
      fault.count -= 1;
      if (fault.count <= 0) this.faults[kind] = null;
    }
    return fault;
  }

  reset(): void {
    this.mails = [];
    this.slack = [];
    this.faults = { smtp: null, slack: null };
  }
}
