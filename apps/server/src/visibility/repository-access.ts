import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { AppContext } from '../context.ts';
import { githubForUser } from '../github/for-user.ts';
import type { GithubClient } from '../github/index.ts';

/** How long GitHub's answer "this user may (not) read this repository" is trusted. */
export const ACCESS_TTL_MS = 10 * 60_000;
/** How long "GitHub could not be asked" stands before it is asked again (no hammering during an outage). */
export const RETRY_AFTER_FAILURE_MS = 30_000;
/** GitHub calls at once for one user's unanswered repositories. */
const CHECKS_AT_ONCE = 8;

/** A pending or settled answer, and when it was asked (on the app's clock). */
type Answer = { readable: Promise<boolean>; askedAt: number };

/**
 * GitHub's answers per user and repository, kept by each app (`buildApp`): two apps never share them.
 * Bounded, since every (user, repository) pair seen stays a while.
 */
export type RepositoryAccess = LRUCache<string, Answer>;
export const createRepositoryAccess = (): RepositoryAccess => new LRUCache<string, Answer>({ max: 50_000 });

const keyOf = (userId: string, repository: string) => `${userId}\n${repository}`;

/**
 * Which of `repositories` (`owner/name`) the user may read, as GitHub answers their own token: asked once
 * per ACCESS_TTL_MS per user and repository (concurrent requests share the question). Fails closed: a
 * repository GitHub could not be asked about (no token, revoked, rate limit, outage) counts as unreadable,
 * and is asked again after RETRY_AFTER_FAILURE_MS.
 */
export async function readableRepositories(
  ctx: AppContext & { repositoryAccess: RepositoryAccess },
  userId: string,
  repositories: readonly string[],
): Promise<ReadonlySet<string>> {
  const now = ctx.now();
  const pending = repositories.map((repository) => {
    const known = ctx.repositoryAccess.get(keyOf(userId, repository));
    return { repository, known: known && now - known.askedAt < ACCESS_TTL_MS ? known : undefined };
  });
  const unknown = pending.filter((p) => !p.known).map((p) => p.repository);
  const asked = unknown.length > 0 ? ask(ctx, userId, unknown, now) : new Map<string, Answer>();
  const readable = await Promise.all(
    pending.map(async (p) => ((await (p.known ?? asked.get(p.repository))?.readable) ? p.repository : null)),
  );
  return new Set(readable.filter((r): r is string => r !== null));
}

function ask(
  ctx: AppContext & { repositoryAccess: RepositoryAccess },
  userId: string,
  repositories: string[],
  now: number,
): Map<string, Answer> {
  const client = githubForUser(ctx, userId, { retries: 1, maxRetryDelayMs: 2_000 });
  client.catch(() => undefined); // handled by each check below
  const limit = pLimit(CHECKS_AT_ONCE);
  const asked = new Map<string, Answer>();
  for (const repository of repositories) {
    const key = keyOf(userId, repository);
    const answer: Answer = { readable: limit(() => canRead(client, repository)), askedAt: now };
    // An answer that could not be had stands for RETRY_AFTER_FAILURE_MS only.
    answer.readable = answer.readable.catch((error: unknown) => {
      answer.askedAt = now - ACCESS_TTL_MS + RETRY_AFTER_FAILURE_MS;
      ctx.log?.warn({ repository, reason: (error as Error).message }, 'repository access unknown; hidden');
      return false;
    });
    ctx.repositoryAccess.set(key, answer);
    asked.set(repository, answer);
  }
  return asked;
}

async function canRead(client: Promise<GithubClient>, repository: string): Promise<boolean> {
  return (await client).canReadRepository(repository);
}
