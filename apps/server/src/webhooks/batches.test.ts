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

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batches per key', () => {
  it('runs the first item at once, and what arrives meanwhile together in the next batch', async () => {
    const runner = recordingRunner();
    const add = batchesPerKey(runner.run, 10);
    const answers = [1, 2, 3, 4].map((i) => add('board', i));
    await tick();
    expect(runner.batches).toEqual([['board', [1]]]);
    runner.release();
    await tick();
    expect(runner.batches).toEqual([
      ['board', [1]],
      ['board', [2, 3, 4]],
    ]);
    runner.release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('keys do not wait for each other, and a batch holds at most maxBatch items', async () => {
    const runner = recordingRunner();
    const add = batchesPerKey(runner.run, 2);
    const answers = [add('a', 1), add('b', 2), add('a', 3), add('a', 4), add('a', 5)];
    await tick();
    expect(runner.batches).toEqual([
      ['a', [1]],
      ['b', [2]],
    ]);
    for (let i = 0; i < 4; i += 1) {
      runner.release();
      await tick();
    }
    expect(runner.batches.slice(2)).toEqual([
      ['a', [3, 4]],
      ['a', [5]],
    ]);
    runner.release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('a failed batch fails each of its items, and the next batch runs', async () => {
    const runner = recordingRunner((i) => i === 2);
    const add = batchesPerKey(runner.run, 10);
    const first = add('board', 1);
    const failed = [add('board', 2), add('board', 3)].map((p) => p.catch((e: Error) => e.message));
    await tick();
    runner.release();
    await tick();
    const later = add('board', 4);
    runner.release();
    expect(await Promise.all([first, ...failed])).toEqual([10, 'refused', 'refused']);
    await tick();
    runner.release();
    expect(await later).toBe(40);
  });
});
