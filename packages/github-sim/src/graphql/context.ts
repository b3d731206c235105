import type { Principal } from '../model/access.ts';
import type { SimUser } from '../model/types.ts';
import type { World } from '../model/world.ts';

export type RateView = {
  limit: number;
  remaining: number;
  used: number;
  resetAt: string;
  cost: number;
  nodeCount: number;
};

/** `viewer` is the token's user, or the App's bot for an installation token; `principal` says which. */
export type GqlContext = { world: World; viewer: SimUser; principal: Principal; rate: RateView };

/** A resolved object: plain values, or functions that graphql-js calls as `(args, context)`. */
export type View = { __typename: string } & Record<string, unknown>;

export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

/** A GitHub-shaped GraphQL error: `type` sits beside `message` in the error object, as on api.github.com. */
export class GithubGraphqlError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

export function notFound(what: string, detail: string): GithubGraphqlError {
  return new GithubGraphqlError('NOT_FOUND', `Could not resolve to ${what} with the ${detail}.`);
}

/**
 * A field asked by an empty name (`field(name: "")`, `fieldValueByName(name: "")`): GitHub publishes no
 * answer for it, so the simulator refuses it rather than answer null, and nothing can come to rely on it.
 */
export function requireFieldName(name: string): string {
  if (!name.trim()) throw new GithubGraphqlError('UNPROCESSABLE', "Field name can't be blank");
  return name;
}

export function iso(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * GitHub requires `read:project` (or `project`) of a classic token for anything under Projects (v2). App
 * tokens are held to their permissions instead, per board (access.ts canSeeProject).
 */
export function requireProjectScope(ctx: GqlContext, field: string): void {
  if (ctx.principal.kind !== 'classic') return;
  const scopes = ctx.principal.token.scopes;
  if (scopes.some((s) => s === 'read:project' || s === 'project')) return;
  const granted = scopes.map((s) => `'${s}'`).join(', ');
  throw new GithubGraphqlError(
    'INSUFFICIENT_SCOPES',
    `Your token has not been granted the required scopes to execute this query. The '${field}' field requires ` +
      `one of the following scopes: ['read:project'], but your token has only been granted the: [${granted}] scopes. ` +
      "Please modify your token's scopes at: https://github.com/settings/tokens.",
  );
}
