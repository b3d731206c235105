/**
 * GitHub's cost of the collector's listings on the 10,000-item bench board (issue 36): points (the
 * simulator's accounting) and GitHub round trips of a full listing and an incremental one, on the board as
 * the bench seeds it and with 2 % of its issues blocked by another issue and a tenth of them sub-issues.
 * `npx tsx bench/collector-relations.ts` (BENCH_RELATIONS_SIZE to change the size).
 */
import { startGithubSim } from '@fluxion/github-sim';
import { createGithubClient } from '../apps/server/src/github/client.ts';
import { LOGIN, pointsUsed, resetPoints, seedBoard } from './collector-board.ts';
import { START } from '../apps/server/src/testing/collector-sim.ts';
import * as hierarchy from '../packages/github-sim/src/model/hierarchy.ts';

const SIZE = Number(process.env.BENCH_RELATIONS_SIZE ?? 10_000);
const sim = await startGithubSim({ port: 0, seed: true, clock: 'manual', startAt: START });
const board = seedBoard(sim, SIZE, START);
let requests = 0;
const realFetch = globalThis.fetch;
globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
  if (String(args[0]).endsWith('/graphql')) requests += 1;
  return realFetch(...args);
}) as typeof fetch;
const client = createGithubClient({ apiUrl: sim.url, token: sim.createToken(LOGIN), retries: 0 });

async function cost(label: string, run: () => Promise<unknown>) {
  resetPoints(sim);
  requests = 0;
  const items = (await run()) as unknown[];
  console.log(`${label}: ${items.length} items, ${pointsUsed(sim)} points, ${requests} round trips`);
}

const listings = async (label: string) => {
  await cost(`${label} full listing`, () => client.listProjectItems(board.projectId));
  await cost(`${label} incremental listing`, () =>
    client.listProjectItems(board.projectId, { updatedSinceDays: 1 }),
  );
};

await listings('as seeded:');
if ('addBlockedBy' in hierarchy) {
  const contents = board.items.map((id) => sim.world.items.get(id)?.contentId ?? '');
  for (let i = 0; i < contents.length; i += 50) {
    const blocked = contents[i] as string;
    const blocking = contents[i + 1] as string;
    hierarchy.addBlockedBy(sim.world, { blockedId: blocked, blockingId: blocking });
  }
  for (let i = 2; i < contents.length; i += 10) {
    const parent = contents[i - (i % 1000) + 3] as string;
    if (parent !== contents[i])
      hierarchy.addSubIssue(sim.world, { parentId: parent, subId: contents[i] as string });
  }
  await listings('2 % blocked, 10 % sub-issues:');
}
await sim.close();
