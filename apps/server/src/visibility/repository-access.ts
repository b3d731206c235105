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

/** A pending or settled answer. */
type Answer = { readable: Promise<boolean> };

/**
 * GitHub's answers per user and repository, kept by each app (`buildApp`) for ACCESS_TTL_MS on the app's
 * clock: two apps never share them. Bounded, since every (user, repository) pair seen stays a while.
 */
export type RepositoryAccess = LRUCache<string, Answer>;
export const createRepositoryAccess = (now: () => number): RepositoryAccess =>
  // ttlResolution 0: the app's clock is read at every lookup (tests move it).
  new LRUCache<string, Answer>({ max: 50_000, ttl: lruTtl(ACCESS_TTL_MS), ttlResolution: 0, perf: { now } });

/** lru-cache keeps an entry while its age is at most `ttl`; an answer here stands while younger than it. */
const lruTtl = (ms: number) => ms - 1;

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
  const pending = repositories.map((repository) => ({
    repository,
    known: ctx.repositoryAccess.get(keyOf(userId, repository)),
  }));
  const unknown = pending.filter((p) => !p.known).map((p) => p.repository);
  const asked = unknown.length > 0 ? ask(ctx, userId, unknown, ctx.now()) : new Map<string, Answer>();
  const readable = await Promise.all(
    pending.map(async (p) => ((await (p.known ?? asked.get(p.repository))?.readable) ? p.repository : null)),
  );
  return new Set(readable.filter((r): r is string => r !== null));
}

/**
 * GitHub's answers kept now for each of `repositories` (the same objects until one expires or is asked
 * again), or null when one is missing: what a memo of a result drawn from them can be checked against.
 */
export function keptAnswers(
  access: RepositoryAccess,
  userId: string,
  repositories: readonly string[],
): readonly object[] | null {
  const answers: object[] = [];
  for (const repository of repositories) {
    const answer = access.get(keyOf(userId, repository));
    if (!answer) return null;
    answers.push(answer);
  }
  return answers;
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
    const answer: Answer = { readable: limit(() => canRead(client, repository)) };
    // An answer that could not be had stands for RETRY_AFTER_FAILURE_MS from the question only.
    answer.readable = answer.readable.catch((error: unknown) => {
      const ttl = lruTtl(now + RETRY_AFTER_FAILURE_MS - ctx.now());
      if (ctx.repositoryAccess.get(key) === answer) {
        if (ttl > 0) ctx.repositoryAccess.set(key, answer, { ttl });
        else ctx.repositoryAccess.delete(key);
      }
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
