import { describe, expect, it } from 'vitest';
import { ViewsAhead } from './views-ahead.ts';

describe('views read ahead', () => {
  it('reads a (board, viewer) ahead once: a later version is left to the request that asks for it', async () => {
    const ahead = new ViewsAhead();
    ahead.start();
    let runs = 0;
    const steps = [async () => runs++];
    ahead.schedule('board-1', 'user-1', steps);
    await ahead.settled();
    // The board moved on (a new version): its items are a refresh, cheap where they are asked for.
    ahead.schedule('board-1', 'user-1', steps);
    await ahead.settled();
    expect(runs).toBe(1);
    // Another viewer of the board is their own first time.
    ahead.schedule('board-1', 'user-2', steps);
    await ahead.settled();
    expect(runs).toBe(2);
    ahead.stop();
  });

  it('reads a pair again after its steps failed, and nothing while stopped', async () => {
    const ahead = new ViewsAhead();
    ahead.start();
    let runs = 0;
    ahead.schedule('board-1', 'user-1', [
      async () => {
        runs++;
        throw new Error('GitHub failed');
      },
    ]);
    await ahead.settled();
    ahead.schedule('board-1', 'user-1', [async () => runs++]);
    await ahead.settled();
    expect(runs).toBe(2);
    ahead.stop();
    ahead.schedule('board-2', 'user-1', [async () => runs++]);
    await ahead.settled();
    expect(runs).toBe(2);
  });
});
