/**
 * `npm run check:github`: a read-only check of every read the collector makes, against a real GitHub (or
 * the simulator), before a release (docs/github.md, "Checking against github.com"). Needs GITHUB_TOKEN
 * (a user or installation token with read access to the board) and CHECK_BOARD (the board's node id);
 * GITHUB_API_URL defaults to https://api.github.com. Prints what works, what falls back, and the points
 * each read cost; exits 1 when a read fails.
 */
import { createGithubClient } from '../apps/server/src/github/client.ts';
import { hostLacks } from '../apps/server/src/github/host-features.ts';
import { UNPUBLISHED_GRAPHQL } from '../apps/server/src/github/unpublished.ts';

type Line = { read: string; outcome: 'works' | 'falls back' | 'fails'; detail: string; points: number };

export async function checkGithub(env: Record<string, string | undefined>): Promise<Line[]> {
  const apiUrl = (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, '');
  const token = env.GITHUB_TOKEN ?? '';
  const board = env.CHECK_BOARD ?? '';
  if (!token || !board) throw new Error('set GITHUB_TOKEN and CHECK_BOARD (the board node id)');
  const client = createGithubClient({ apiUrl, token, retries: 1 });
  const used = () => client.rateLimit()?.used ?? 0;
  const lines: Line[] = [];
  const check = async (
    read: string,
    run: () => Promise<string>,
    feature?: 'filteredItems' | 'projectTimelines',
  ) => {
    const before = used();
    try {
      const detail = await run();
      const fellBack = feature !== undefined && hostLacks(apiUrl, feature);
      const fallback = UNPUBLISHED_GRAPHQL.find((part) => part.feature === feature)?.fallback ?? '';
      lines.push({
        read,
        outcome: fellBack ? 'falls back' : 'works',
        detail: fellBack ? fallback : detail,
        points: used() - before,
      });
    } catch (error) {
      const fellBack = feature !== undefined && hostLacks(apiUrl, feature);
      const fallback = UNPUBLISHED_GRAPHQL.find((part) => part.feature === feature)?.fallback ?? '';
      lines.push({
        read,
        outcome: fellBack ? 'falls back' : 'fails',
        detail: fellBack ? fallback : (error as Error).message,
        points: used() - before,
      });
    }
  };
  await check('viewer', async () => (await client.getViewer()).login);
  await check('board and fields', async () => {
    const { project, fields } = await client.getProjectWithFields(board);
    return `"${project.title}", ${fields.fields.length} single-select fields`;
  });
  await check('board versions', async () => `${(await client.boardVersions([board])).size} of 1`);
  await check('full listing', async () => `${(await client.listProjectItems(board)).length} items`);
  await check(
    'filtered listing (items(query:))',
    async () => `${(await client.listProjectItems(board, { updatedSinceDays: 1 })).length} items`,
    'filteredItems',
  );
  await check(
    'history import (timeline events)',
    async () => `${(await client.getStatusHistory({ projectId: board })).length} items' histories`,
    'projectTimelines',
  );
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await checkGithub(process.env);
  for (const l of lines) console.log(`${l.outcome.padEnd(10)} ${l.read}: ${l.detail} (${l.points} points)`);
  process.exit(lines.some((l) => l.outcome === 'fails') ? 1 : 0);
}
