import { describe, expect, it } from 'vitest';
import { batchesPerKey } from './batches.ts';

/** A batch runner that records its batches and waits for `release` (of every running batch) to answer. */
function recordingRunner(fail?: (item: number) => boolean) {
  const batches: [string, number[]][] = [];
  const running: (() => void)[] = [];
  const release = () => {
    for (const resolve of running.splice(0)) resolve();
  };
  const run = async (key: string, items: number[]): Promise<PromiseSettledResult<number>[]> => {
    batches.push([key, items]);
    await new Promise<void>((resolve) => running.push(resolve));
    if (items.some((i) => fail?.(i))) throw new Error('refused');
    return items.map((value) => ({ status: 'fulfilled', value: value * 10 }));
  };
  return { batches, run, release };
}

/** Long enough for a batch to start (it waits one turn of the event loop for company). */
const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('batches per key', () => {
  it('puts what is added in one turn of the event loop in one batch, and what arrives meanwhile in the next', async () => {
    const runner = recordingRunner();
    const add = batchesPerKey(runner.run, 10);
    const answers = [add('board', 1), add('board', 2)];
    await turn();
    answers.push(add('board', 3), add('board', 4));
    await turn();
    expect(runner.batches).toEqual([['board', [1, 2]]]);
    runner.release();
    await turn();
    expect(runner.batches).toEqual([
      ['board', [1, 2]],
      ['board', [3, 4]],
    ]);
    runner.release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('keys do not wait for each other, and a batch holds at most maxBatch items', async () => {
    const runner = recordingRunner();
    const add = batchesPerKey(runner.run, 2);
    const answers = [add('a', 1), add('b', 2), add('a', 3), add('a', 4), add('a', 5)];
    await turn();
    expect(runner.batches).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    runner.release();
    await turn();
    expect(runner.batches.slice(2)).toEqual([['a', [4, 5]]]);
    runner.release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('a failed batch fails each of its items, and the next batch runs', async () => {
    const runner = recordingRunner((i) => i === 2);
    const add = batchesPerKey(runner.run, 10);
    const failed = [add('board', 1), add('board', 2)].map((p) => p.catch((e: Error) => e.message));
    await turn();
    runner.release();
    expect(await Promise.all(failed)).toEqual(['refused', 'refused']);
    const later = add('board', 4);
    await turn();
    runner.release();
    expect(await later).toBe(40);
  });
});
