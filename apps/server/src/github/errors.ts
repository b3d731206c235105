/** Typed failures of the GitHub client; services map them to HTTP answers. */
export class GithubError extends Error {
  override readonly name: string = 'GithubError';
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

/** 401: the token is missing, wrong or revoked; the user must sign in again. */
export class GithubAuthError extends GithubError {
  override readonly name = 'GithubAuthError';
}

/** The object does not exist or the token may not see it (GitHub answers both the same way). */
export class GithubNotFoundError extends GithubError {
  override readonly name = 'GithubNotFoundError';
}

/** The token lacks a scope, e.g. `read:project`. */
export class GithubScopeError extends GithubError {
  override readonly name = 'GithubScopeError';
}

/**
 * GitHub refused the document itself (validation: an unknown argument, field or type): this host's schema
 * lacks something the query uses, e.g. an older GitHub Enterprise Server. Retrying cannot help.
 */
export class GithubSchemaError extends GithubError {
  override readonly name = 'GithubSchemaError';
}

/**
 * A field asked by name on each item is, under that name, no longer the field the board means (renamed on
 * GitHub since the last full listing, or another field took the name): its values must not be read as the
 * board's. A full listing finds the field again by its id.
 */
export class FieldRenamedError extends GithubError {
  override readonly name = 'FieldRenamedError';
}

/**
 * A rate limit that retrying now cannot fix: try again at `retryAt`. A secondary limit also says how long
 * GitHub asked to wait (`retry-after`, else GitHub's advice of a minute): `waitMs`, for a caller on a clock
 * of its own.
 */
export class GithubRateLimitError extends GithubError {
  override readonly name = 'GithubRateLimitError';
  readonly retryAt: Date;
  readonly secondary: boolean;
  readonly waitMs: number | null;
  constructor(
    message: string,
    retryAt: Date,
    secondary: boolean,
    status: number | null = null,
    waitMs: number | null = null,
  ) {
    super(message, status);
    this.retryAt = retryAt;
    this.secondary = secondary;
    this.waitMs = waitMs;
  }
}
