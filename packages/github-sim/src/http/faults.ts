export type FaultScope = 'graphql' | 'rest' | 'oauth' | 'all';

export type FaultInput = {
  type: '5xx' | 'secondary-rate-limit' | 'slow' | 'drop-webhooks' | 'duplicate-webhooks' | 'delay-webhooks';
  /** 5xx: the status (default 502); secondary-rate-limit: 403 (default) or 429. */
  status?: number;
  retryAfter?: number;
  /** slow: each request's wait (default 2000); delay-webhooks: each delivery's (default 5000). */
  delayMs?: number;
  /** How many requests or deliveries it hits; absent = until cleared. */
  count?: number;
  scope?: FaultScope;
  /**
   * Only the requests made as these accounts: a user's token, or an installation's on that organization
   * (absent: every request). Tests that run side by side on one simulator each fail their own calls.
   */
  accounts?: string[];
};

export type Fault = FaultInput & { id: string; hits: number };

let nextFault = 1;

/** Switchable failures: HTTP faults apply to requests by scope; webhook faults to deliveries. */
export class Faults {
  private list: Fault[] = [];

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, scope: input.scope ?? 'all', id: `fault_${nextFault++}`, hits: 0 };
    this.list.push(fault);
    return fault;
  }

  all(): Fault[] {
    return [...this.list];
  }

  remove(id: string): boolean {
    const before = this.list.length;
    this.list = this.list.filter((f) => f.id !== id);
    return this.list.length < before;
  }

  clear(): void {
    this.list = [];
  }

  /**
   * The active faults of these types for a scope and the account the request is made as (null: none, or
   * a webhook delivery), each counted as used once.
   */
  take(
    types: FaultInput['type'][],
    scope: Exclude<FaultScope, 'all'>,
    account: string | null = null,
  ): Fault[] {
    const hit = this.list.filter(
      (f) =>
        types.includes(f.type) &&
        (f.scope === 'all' || f.scope === scope) &&
        (f.accounts === undefined || (account !== null && f.accounts.includes(account))),
    );
    for (const fault of hit) {
      fault.hits += 1;
      if (fault.count !== undefined && fault.hits >= fault.count) this.remove(fault.id);
    }
    return hit;
  }
}

export function scopeOf(path: string): Exclude<FaultScope, 'all'> {
  if (path.startsWith('/graphql')) return 'graphql';
  if (path.startsWith('/login/oauth')) return 'oauth';
  return 'rest';
}

export const SECONDARY_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. ' +
  'If you reach out to GitHub Support for help, please include the request ID ';
